/**
 * How Family Points read wherever they are shown (screens, the audit log): one formatter, so a deduction never
 * reads "+-5" in one place and "-5" in another.
 */
export const fp = (points: number) => `${points} FP`;

/** A change of points, always signed: "+10 FP", "-5 FP", "0 FP". */
export const signedFp = (points: number) => `${points > 0 ? '+' : ''}${points} FP`;
