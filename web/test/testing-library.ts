import { configure } from '@testing-library/react';

// findBy*/waitFor wait up to 5 s instead of 1 s. A page's lazy chunk (a dialog, the form resolver) is imported on first
// use, and under CI's load, with jest's workers on both cores, that import alone once took over a second
// (request-form-dialog.spec.tsx). The wait ends as soon as the element is there, so a passing test is no slower.
configure({ asyncUtilTimeout: 5_000 });
