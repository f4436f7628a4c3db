/** Why a recording cannot be forked exactly: one line, said instead of forking approximately. */
import { UserError } from '../contracts/diagnostics.ts';

export class ForkError extends UserError {}
