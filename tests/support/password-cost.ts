/**
 * The password cost (PASSWORD_COST, log2 of scrypt's N) of every server the tests start, unless a test asks
 * otherwise: the same scrypt at a 32nd of the shipped work (2^15), which took the jest run from 187 s to 115 s
 * on the 2-core machine. tests/stress/sessions.spec.ts checks the shipped cost on a server that keeps it.
 */
export const TEST_PASSWORD_COST = '10';
