import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Authorized, readAuthorities, storeAuthorities } from './authorities.tsx';

beforeEach(() => localStorage.clear());

describe('authorities', () => {
  it('reads the list kept in local storage and treats anything unreadable as none', () => {
    expect(readAuthorities()).toEqual([]);
    localStorage.setItem('authorities', '["RIGHT_CARE_VIEW_CATALOG"]');
    expect(readAuthorities()).toEqual(['RIGHT_CARE_VIEW_CATALOG']);
    localStorage.setItem('authorities', '{not json');
    expect(readAuthorities()).toEqual([]);
    localStorage.setItem('authorities', '[1, 2]');
    expect(readAuthorities()).toEqual([]);
  });

  it('shows an element only to a holder of the authority, and updates when the list is stored', () => {
    render(
      <Authorized authority="RIGHT_CARE_VIEW_CATALOG" fallback={<p>no catalogue</p>}>
        <p>catalogue</p>
      </Authorized>,
    );
    expect(screen.getByText('no catalogue')).toBeInTheDocument();
    act(() => storeAuthorities(['RIGHT_CARE_VIEW_CATALOG']));
    expect(screen.getByText('catalogue')).toBeInTheDocument();
    expect(localStorage.getItem('authorities')).toBe('["RIGHT_CARE_VIEW_CATALOG"]');
  });
});
