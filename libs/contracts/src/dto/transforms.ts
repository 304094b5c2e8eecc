import { Transform } from 'class-transformer';

/** Trims strings; leaves everything else for the validators to judge. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
