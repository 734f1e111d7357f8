import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SwipeCompare, positionAfterKey, positionAt } from './SwipeCompare';

function renderSwipe() {
  render(
    <SwipeCompare
      before={<img src="data:image/png;base64,AA==" alt="变化前影像" />}
      after={<img src="data:image/png;base64,AA==" alt="变化后影像" />}
    />,
  );
  const swipe = screen.getByTestId('swipe');
  // jsdom lays nothing out: the pictures are 400 px wide from x = 100.
  swipe.getBoundingClientRect = () => DOMRect.fromRect({ x: 100, y: 0, width: 400, height: 300 });
  return { swipe, handle: screen.getByRole('slider') };
}

/** Where the picture before is cut (its clip-path reads the divider's position). */
const divider = (swipe: HTMLElement) => swipe.style.getPropertyValue('--swipe');

describe('positionAt and positionAfterKey', () => {
  it('put the divider under the pointer, never outside the pictures', () => {
    const box = { left: 100, width: 400 };
    expect(positionAt(200, box)).toBe(25);
    expect(positionAt(50, box)).toBe(0);
    expect(positionAt(900, box)).toBe(100);
    expect(positionAt(200, { left: 0, width: 0 })).toBe(50);
  });

  it('move it by 5 with the arrows, 25 a page, to the ends with Home and End', () => {
    expect(positionAfterKey(50, 'ArrowLeft')).toBe(45);
    expect(positionAfterKey(50, 'ArrowRight')).toBe(55);
    expect(positionAfterKey(98, 'ArrowUp')).toBe(100);
    expect(positionAfterKey(10, 'PageDown')).toBe(0);
    expect(positionAfterKey(50, 'PageUp')).toBe(75);
    expect(positionAfterKey(50, 'Home')).toBe(0);
    expect(positionAfterKey(50, 'End')).toBe(100);
    expect(positionAfterKey(50, 'Enter')).toBeNull();
  });
});

describe('SwipeCompare', () => {
  it('shows both pictures, labelled, the divider in the middle', () => {
    const { swipe, handle } = renderSwipe();
    expect(screen.getByAltText('变化前影像')).toBeInTheDocument();
    expect(screen.getByAltText('变化后影像')).toBeInTheDocument();
    expect(swipe).toHaveTextContent('变化前');
    expect(swipe).toHaveTextContent('变化后');
    expect(handle).toHaveAttribute('aria-valuenow', '50');
    expect(divider(swipe)).toBe('50%');
  });

  it('follows a drag until the pointer is released', () => {
    const { swipe, handle } = renderSwipe();
    fireEvent.pointerDown(swipe, { clientX: 400, button: 0, pointerId: 1 });
    expect(handle).toHaveAttribute('aria-valuenow', '75');
    fireEvent.pointerMove(swipe, { clientX: 140, pointerId: 1 });
    expect(handle).toHaveAttribute('aria-valuenow', '10');
    expect(divider(swipe)).toBe('10%');
    fireEvent.pointerUp(swipe, { clientX: 140, pointerId: 1 });
    // Moving without a button pressed leaves it where it is.
    fireEvent.pointerMove(swipe, { clientX: 500, pointerId: 1 });
    expect(handle).toHaveAttribute('aria-valuenow', '10');
  });

  it('ignores the other mouse buttons', () => {
    const { swipe, handle } = renderSwipe();
    fireEvent.pointerDown(swipe, { clientX: 400, button: 2, pointerId: 1 });
    fireEvent.pointerMove(swipe, { clientX: 140, pointerId: 1 });
    expect(handle).toHaveAttribute('aria-valuenow', '50');
  });

  it('moves with the keyboard once the divider has the focus', async () => {
    const { swipe, handle } = renderSwipe();
    await userEvent.tab();
    expect(handle).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(handle).toHaveAttribute('aria-valuenow', '40');
    await userEvent.keyboard('{End}');
    expect(handle).toHaveAttribute('aria-valuenow', '100');
    expect(divider(swipe)).toBe('100%');
    await userEvent.keyboard('{Home}{PageUp}');
    expect(handle).toHaveAttribute('aria-valuetext', '变化前 25%');
  });
});
