import type { PersonRef } from '@household/contracts';
import { inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { personColumns, presentPerson, type PersonFields } from './people.presenter';

type UrlConfig = Pick<Config, 'publicApiUrl'>;

/** People by id; someone whose account is gone is a person with no name ("Deleted user"). */
export class People {
  private constructor(
    private readonly byId: Map<number, PersonFields>,
    private readonly config: UrlConfig,
  ) {}

  static async load(db: DbOrTx, config: UrlConfig, ids: Iterable<number>): Promise<People> {
    const wanted = [...new Set(ids)];
    const rows =
      wanted.length === 0
        ? []
        : await db.select(personColumns(users)).from(users).where(inArray(users.id, wanted));
    return People.of(rows, config);
  }

  /** People from rows read elsewhere (with the columns of `personColumns`). */
  static of(rows: readonly PersonFields[], config: UrlConfig): People {
    return new People(new Map(rows.map((row) => [row.id, row])), config);
  }

  ref(id: number): PersonRef {
    const person = this.byId.get(id);
    return person
      ? presentPerson(person, this.config)
      : { id, name: null, avatar_url: null, is_guest: false };
  }

  refOrNull(id: number | null): PersonRef | null {
    return id === null ? null : this.ref(id);
  }

  /** The person, or null for none and for someone whose account is gone ("Deleted user"). */
  found(id: number | null): PersonRef | null {
    const person = id === null ? undefined : this.byId.get(id);
    return person ? presentPerson(person, this.config) : null;
  }
}
