/** "Good morning" / "Good afternoon" / "Good evening" by the device's local time. */
export function greetingFor(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}
