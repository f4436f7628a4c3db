/** What the catalogue generators share: the seed shape and the ids π-Bench's rule scripts check. */

export type Seed = Record<string, unknown>;

/**
 * Ids π-Bench's rule scripts compare against, per task: the record in that role gets that id.
 * amazon `named`: the first product the task names for its cart or wish list; `bought`: the first
 * product the task says the user bought. spotify `artist`: the linked song's artist; `playlist`:
 * the playlist the task names; `liked`: the liked songs of the asked-for genre, in order.
 */
export const PINNED_IDS: Readonly<
  Record<
    string,
    {
      amazon?: { named?: number; bought?: number };
      spotify?: { artist?: number; playlist?: number; liked?: readonly number[] };
    }
  >
> = {
  Financier_task_015: { amazon: { named: 3 } },
  researcher_task_012: { amazon: { named: 1578 } },
  researcher_task_017: { spotify: { artist: 5 } },
  // The scripts check these ids, though π-Bench never shows them the calls (docs/pibench.md).
  marketer_task_004: { spotify: { playlist: 31, liked: [77, 78, 140] } },
  marketer_task_014: { amazon: { bought: 636 } },
};
