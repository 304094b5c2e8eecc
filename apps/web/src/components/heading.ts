/**
 * The page heading (one h1 per page): a little smaller on a phone. Its own module: the notice a member of no
 * family sees is part of the app's first download, and page-parts would bring luxon into it.
 */
export const h1Sx = { fontWeight: 800, fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' } as const;
