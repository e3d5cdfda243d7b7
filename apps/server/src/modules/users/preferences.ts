/**
 * The word processor's preferences of each user (编辑 › 偏好设置), one jsonb value on the user's row.
 * What is stored went through the contract's update schema, field by field; it is read back through the
 * answer's schema, so a value an older release stored, or one out of today's bounds, falls back to its
 * default instead of failing the read.
 */
import {
  type EditorPreferences,
  type EditorPreferencesUpdate,
  editorPreferences,
} from '@wanxiang/api-client/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { fieldErrors } from '../../http/errors';
import { messages } from '../../i18n/zh-CN';
import { planAllows, planModelIds } from '../billing/planModels';
import type { ModelCatalog } from '../models/catalog';

/** The stored value as the contract's answer: each field that does not pass falls back to its default. */
function readStored(stored: Record<string, unknown> | null | undefined): EditorPreferences {
  const whole = editorPreferences.safeParse(stored ?? {});
  if (whole.success) return whole.data;
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(editorPreferences.shape)) {
    const one = field.safeParse(stored?.[key]);
    if (one.success) kept[key] = one.data;
  }
  return editorPreferences.parse(kept);
}

export class EditorPreferencesService {
  constructor(
    private readonly db: Db,
    private readonly catalog: ModelCatalog,
  ) {}

  /**
   * The user's preferences. A default model their plan no longer offers (the plan changed, the model was
   * switched off) reads as none, so the assistant falls back to the server's default.
   */
  async get(userId: string): Promise<EditorPreferences> {
    const [row] = await this.db
      .select({ preferences: users.editorPreferences })
      .from(users)
      .where(eq(users.id, userId));
    const preferences = readStored(row?.preferences);
    if (preferences.assistant_model && !(await this.offers(userId, preferences.assistant_model)))
      return { ...preferences, assistant_model: null };
    return preferences;
  }

  /** Stores the given fields over the others in one statement, so two tabs saving different fields both keep theirs. */
  async update(userId: string, changes: EditorPreferencesUpdate): Promise<EditorPreferences> {
    if (changes.assistant_model && !(await this.offers(userId, changes.assistant_model)))
      throw fieldErrors({ assistant_model: [messages.chat.notInPlan] });
    await this.db
      .update(users)
      .set({
        editorPreferences: sql`coalesce(${users.editorPreferences}, '{}'::jsonb) || ${JSON.stringify(changes)}::jsonb`,
      })
      .where(eq(users.id, userId));
    return this.get(userId);
  }

  /** Whether the model is enabled in the catalog and the user's plan lets them choose it. */
  private async offers(userId: string, modelId: string): Promise<boolean> {
    const entry = (await this.catalog.current()).get(modelId);
    return Boolean(entry) && planAllows(await planModelIds(this.db, userId), modelId);
  }
}
