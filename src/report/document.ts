/** The report document (src/contracts/report.ts): every layer that builds or renders one imports it from here or there. */
export * from '../contracts/report.ts';
