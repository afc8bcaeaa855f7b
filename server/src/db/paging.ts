import type { Paged } from '@shop/common';

export interface PageRequest {
  page: number;
  limit: number;
}

export const offsetOf = ({ page, limit }: PageRequest): number => (page - 1) * limit;

/** The paged shape of every list (docs/decisions/005); an empty list still has one page. */
export function toPage<T>(docs: T[], totalDocs: number, { page, limit }: PageRequest): Paged<T> {
  return { docs, totalDocs, totalPages: Math.max(1, Math.ceil(totalDocs / limit)), page, limit };
}
