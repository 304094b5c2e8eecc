/** Polls until `check` answers something truthy; a generous limit, never a timing assertion. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, what: string, limitMs = 30_000): Promise<T> {
  const until = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
