// Types of cpu.mjs for its spec (the harness itself is plain JavaScript).
export function roleOf(cmdline: string, pid: number, selfPid?: number): string | null;
export function cpuSnapshot(): Map<string, number>;
export function addCpu(into: Map<string, number>, before: Map<string, number>, after: Map<string, number>): Map<string, number>;
export function formatCpu(ticksByRole: Map<string, number>, seconds: number): string;
