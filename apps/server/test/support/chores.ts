import {
  ZAssignment,
  ZChore,
  type Assignment,
  type Chore,
  type CreateChoreBody,
} from '@household/contracts';
import { todayIn } from '@household/domain';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import { expectShape } from './assertions';
import { addMember, buildGroup, buildUser, type TestGroup, type TestUser } from './factories';
import { sender } from './requests';

/** Ann owns the group, Ben is an admin, Cat a member; the outsider is in none of it. */
export interface Household {
  ann: TestUser;
  ben: TestUser;
  cat: TestUser;
  outsider: TestUser;
  group: TestGroup;
}

export function choreHelpers(app: () => App) {
  const send = sender(app);

  async function household(): Promise<Household> {
    const ann = await buildUser(app(), { name: 'Ann' });
    const ben = await buildUser(app(), { name: 'Ben' });
    const cat = await buildUser(app(), { name: 'Cat' });
    const outsider = await buildUser(app(), { name: 'Olga' });
    const group = await buildGroup(app(), ann, { name: 'Flat' });
    await addMember(app(), group, ben, 'admin');
    await addMember(app(), group, cat);
    return { ann, ben, cat, outsider, group };
  }

  async function addChore(by: TestUser, body: Partial<CreateChoreBody> = {}): Promise<Chore> {
    const response = await send(by.auth, 'POST', '/chores', {
      name: 'Dishes',
      due_date: todayIn('UTC'),
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return expectShape(ZChore, response.json());
  }

  async function assign(by: TestUser, chore: Chore, user: TestUser, dueDate?: string) {
    const response = await send(by.auth, 'POST', `/chores/${chore.id}/assignments`, {
      user_id: user.user.id,
      ...(dueDate ? { due_date: dueDate } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
    return expectShape(ZAssignment, response.json());
  }

  async function chore(by: TestUser, id: number): Promise<Chore> {
    const response = await send(by.auth, 'GET', `/chores/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(ZChore, response.json());
  }

  async function assignment(by: TestUser, id: number): Promise<Assignment> {
    const response = await send(by.auth, 'GET', `/chores/assignments/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(ZAssignment, response.json());
  }

  /** Completes the chore's current turn through its assignment, as its assignee; the chore after. */
  async function completeTurn(by: TestUser, c: Chore): Promise<Chore> {
    const current = await chore(by, c.id);
    const response = await send(by.auth, 'PATCH', `/chores/assignments/${current.assignment!.id}`, {
      version: current.assignment!.version,
      completed: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    return chore(by, c.id);
  }

  return { send, household, addChore, assign, chore, assignment, completeTurn };
}
