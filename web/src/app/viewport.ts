// Spec §1/§9: on small screens the page is laid out at a 1200 px base width and scaled down,
// instead of reflowing a layout that was designed for desktop monitors.

export const BASE_WIDTH_PX = 1200;

export function viewportContent(screenWidth: number): string {
  return screenWidth < BASE_WIDTH_PX
    ? `width=${BASE_WIDTH_PX}`
    : 'width=device-width, initial-scale=1.0';
}

export function applyViewport(doc: Document, screenWidth: number): void {
  doc.querySelector('meta[name="viewport"]')?.setAttribute('content', viewportContent(screenWidth));
}
