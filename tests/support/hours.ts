// The whole hours a day's view is expected to show, as the app writes a local time: hourLabels(9, 11)
// is ["09:00", "10:00", "11:00"].
export const hourLabels = (first: number, last: number): string[] =>
  Array.from({ length: last - first + 1 }, (_, i) => `${String(first + i).padStart(2, "0")}:00`);
