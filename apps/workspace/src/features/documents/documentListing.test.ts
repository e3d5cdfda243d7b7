import type { CloudDocumentSummary } from '@wanxiang/api-client';
import type { DocumentRecord } from '@wanxiang/editor';
import { describe, expect, it } from 'vitest';
import type { CloudLink } from './cloudLinks';
import { mergeListing } from './documentListing';

const record = (id: string, modifiedAt: number): DocumentRecord => ({
  id,
  title: id,
  createdAt: modifiedAt,
  modifiedAt,
  owner: 'u',
});
const summary = (id: string, updated: string): CloudDocumentSummary => ({
  id,
  title: id,
  version: 1,
  size: 10,
  created_at: updated,
  updated_at: updated,
});
const link = (cloudId: string, change: Partial<CloudLink> = {}): CloudLink => ({
  cloudId,
  version: 2,
  savedHash: 'h',
  dirty: false,
  ...change,
});

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const C = 'cccccccc-0000-4000-8000-000000000003';

describe('mergeListing', () => {
  it('lists a local document with a cloud copy once, and only the cloud documents this device lacks', () => {
    const listing = mergeListing(
      [
        record('local-doc-1', 1),
        record('local-doc-2', 2),
        record('local-doc-3', 3),
        record('local-doc-4', 4),
      ],
      [
        summary(A, '2026-11-26T01:00:00Z'),
        summary(C, '2026-11-27T01:00:00Z'),
        summary(B, '2026-11-25T01:00:00Z'),
      ],
      {
        'local-doc-1': link(A.toUpperCase()),
        'local-doc-2': link(B, { dirty: true }),
        'local-doc-3': link('dddddddd-0000-4000-8000-000000000004', { version: 0 }),
      },
    );
    expect(Object.fromEntries(listing.places)).toEqual({
      'local-doc-1': 'cloud',
      'local-doc-2': 'waiting',
      'local-doc-3': 'new',
      'local-doc-4': 'local',
    });
    expect(listing.cloudOnly.map((d) => d.id)).toEqual([C]);
  });

  it('shows a cloud document whose local copy was deleted here, newest first', () => {
    const listing = mergeListing(
      [],
      [summary(A, '2026-11-24T01:00:00Z'), summary(B, '2026-11-26T01:00:00Z')],
      { 'local-doc-gone': link(A) },
    );
    expect(listing.cloudOnly.map((d) => d.id)).toEqual([B, A]);
    expect(listing.places.size).toBe(0);
  });
});
