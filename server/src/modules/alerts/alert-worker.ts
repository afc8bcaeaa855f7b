import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Api, GrammyError } from 'grammy';
import type { Db } from '../../db/client.js';
import { staffAlerts, type StaffAlertRow } from '../../db/schema.js';
import { alertMessage } from './alert-message.js';
import {
  DEFAULT_ALERT_TIMING,
  type AlertWorkerTiming,
  type TelegramSettings,
} from '../../config/alert-settings.js';
import type { Leadership } from '../../background/leadership.js';
import { OutboxWorker, type Delivery } from '../../background/outbox-worker.js';

export type TelegramState = 'off' | 'ok' | 'failing' | 'refused';

type Outcome =
  | { kind: 'sent' }
  | { kind: 'wait'; ms: number; error: string }
  | { kind: 'retry'; error: string }
  | { kind: 'refused'; error: string }
  | { kind: 'dead'; error: string };

/** What Telegram's answer means for this alert and for the ones after it. */
function outcomeOf(error: unknown): Outcome {
  if (error instanceof GrammyError) {
    const text = `${error.error_code} ${error.description}`;
    if (error.error_code === 429) {
      return { kind: 'wait', ms: Math.max(1, error.parameters.retry_after ?? 5) * 1000, error: text };
    }
    // 401/404: the token is not a bot's; 403: the bot was removed from the chat; "chat not found".
    if (
      error.error_code === 401 ||
      error.error_code === 403 ||
      error.error_code === 404 ||
      /chat not found|chat_id is empty|peer_id_invalid/i.test(error.description)
    ) {
      return { kind: 'refused', error: text };
    }
    // Any other 4xx is about this message alone: sending it again would fail the same way.
    if (error.error_code >= 400 && error.error_code < 500) return { kind: 'dead', error: text };
    return { kind: 'retry', error: text };
  }
  return { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
}

/**
 * Sends the outbox's alerts to the staff chat, oldest first, from one process at a time.
 * Delivery is at least once: an alert is marked sent after Telegram's answer, so it is sent again
 * only when Telegram took it and that answer was lost (a restart between the two, a timeout).
 * A failure stops the pass, so alerts keep their order and a Telegram outage is not hammered.
 */
export class AlertWorker extends OutboxWorker<StaffAlertRow> {
  private readonly api: Api | undefined;
  state: TelegramState;
  problem: string | null = null;
  problemAt: Date | null = null;

  constructor(
    db: Db,
    private readonly telegram: TelegramSettings | undefined,
    private readonly publicUrl: string,
    leadership: Leadership,
    log: FastifyBaseLogger,
    private readonly alertTiming: AlertWorkerTiming = DEFAULT_ALERT_TIMING,
    /** Why alerts are off, when they are (only one of the two variables was set). */
    offReason: string | null = null,
  ) {
    super('Staff alerts', db, staffAlerts, ['pending'], leadership, log, alertTiming);
    this.state = telegram ? 'ok' : 'off';
    this.problem = offReason;
    if (telegram) {
      this.api = new Api(telegram.token, {
        apiRoot: telegram.apiRoot,
        timeoutSeconds: Math.ceil(alertTiming.requestTimeoutMs / 1000),
      });
    }
  }

  /** Nothing is sent without a bot, nor after Telegram refused its token or chat until a restart. */
  protected override canWork(): boolean {
    return this.api !== undefined && this.state !== 'refused';
  }

  protected async deliver(alert: StaffAlertRow): Promise<Delivery> {
    const outcome = await this.send(alert);
    if (outcome.kind === 'sent') return 'sent';
    await this.onFailure(alert, outcome);
    return outcome.kind === 'dead' ? 'next' : 'stop';
  }

  private async send(alert: StaffAlertRow): Promise<Outcome> {
    try {
      await this.api!.sendMessage(
        this.telegram!.chatId,
        alertMessage(alert.kind, alert.orderId, alert.payload, this.publicUrl),
        { parse_mode: 'HTML', link_preview_options: { is_disabled: true } },
      );
    } catch (error) {
      return outcomeOf(error);
    }
    await this.db
      .update(staffAlerts)
      .set({ state: 'sent', sentAt: sql`now()`, attempts: alert.attempts + 1, lastError: null })
      .where(eq(staffAlerts.id, alert.id));
    this.failuresInARow = 0;
    if (this.state === 'failing') this.log.info('Staff alerts: Telegram answers again');
    this.state = 'ok';
    this.problem = null;
    this.problemAt = null;
    return { kind: 'sent' };
  }

  private async onFailure(alert: StaffAlertRow, outcome: Exclude<Outcome, { kind: 'sent' }>): Promise<void> {
    const error = this.withoutToken(outcome.error).slice(0, 500);
    const now = Date.now();
    const wait = outcome.kind === 'wait' ? outcome.ms : outcome.kind === 'retry' ? this.backOff() : 0;
    const givingUp =
      outcome.kind === 'dead' ||
      (outcome.kind !== 'refused' && now - alert.createdAt.getTime() > this.alertTiming.giveUpAfterMs);
    await this.db
      .update(staffAlerts)
      .set({
        attempts: alert.attempts + 1,
        lastError: error,
        ...(givingUp ? { state: 'dead' as const } : { nextAttemptAt: new Date(now + wait) }),
      })
      .where(eq(staffAlerts.id, alert.id));
    this.pauseFor(wait);
    this.problem = error;
    this.problemAt = new Date(now);
    if (outcome.kind === 'refused') {
      // Said once: nothing is sent until the token or chat id is fixed and the shop restarted.
      this.state = 'refused';
      this.log.error(
        `Staff alerts: Telegram refused TELEGRAM_BOT_TOKEN or TELEGRAM_CHAT_ID (${error}). Alerts are kept and will be sent after the setting is fixed and the shop restarted.`,
      );
    } else if (givingUp) {
      this.log.warn(`Staff alerts: alert ${alert.id} for order ${alert.orderId} given up (${error})`);
    } else if (this.state !== 'failing') {
      this.state = 'failing';
      this.log.warn(`Staff alerts: Telegram did not take an alert (${error}); retrying with backoff`);
    }
  }

  /** grammY's own messages leave the token out; this makes sure no text of ours carries it. */
  private withoutToken(text: string): string {
    return this.telegram ? text.split(this.telegram.token).join('[token]') : text;
  }
}
