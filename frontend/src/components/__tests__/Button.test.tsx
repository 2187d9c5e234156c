import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from '../Button';
import { TruncatedText } from '../TruncatedText';

describe('Button', () => {
  it('is a plain button by default and busy while loading', () => {
    render(
      <>
        <Button>Cancel</Button>
        <Button variant="primary" loading>
          Save
        </Button>
        <Button variant="danger" aria-busy disabled>
          Delete
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Cancel' })).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-busy', 'true');
  });
});

describe('TruncatedText', () => {
  it('keeps the whole text readable and in the tooltip', () => {
    const receipt = 'HMRC-RECEIPT-0123456789-ABCDEFGHIJKLMNOPQRSTUVWXYZ-0123456789';
    render(<TruncatedText text={receipt} />);
    expect(screen.getByText(receipt)).toHaveAttribute('title', receipt);
    expect(screen.getByText(receipt)).toHaveClass('truncate');
  });
});
