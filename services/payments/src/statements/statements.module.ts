import { Module } from '@nestjs/common';
import { StatementsHandler, StatementsReader } from './statements.handler.js';

/** Seller statements (ADR 0045): paid orders with the split, refunds, disputes and monthly totals. */
@Module({ controllers: [StatementsHandler], providers: [StatementsReader] })
export class StatementsModule {}
