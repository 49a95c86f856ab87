import { randomUUID } from 'node:crypto';

/** A person as the public forms take them, under an e-mail address of their own (first name + a random tag). */
export function contactOf(firstName: string, lastName: string, phone = '555-010-1776') {
  return { firstName, lastName, email: `${firstName.toLowerCase()}+${randomUUID().slice(0, 8)}@example.org`, phone };
}
