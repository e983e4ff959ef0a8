// When a meeting that would record opens with the plan's recording storage full, it runs without
// recording (plan-limits.ts) and the tenant's administrators are told by mail in their language:
// once a day at most (the job's dedupe key names the day), however many meetings start meanwhile.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { roles, userRoles, users } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { enqueueJob, PermanentJobError } from '../kernel/jobs/index.ts';
import { enqueueMail, escapeHtml, fill, pickMailLanguage, type MailLanguage } from '../mail/index.ts';

export const storageFullJobKind = 'meeting.storage-full-mail';

type Words = { subject: string; body: string; advice: string };

const words: Record<MailLanguage, Words> = {
  en: {
    subject: 'Recording storage is full: "{topic}" was not recorded',
    body: 'The meeting "{topic}" started without recording: your organisation\'s recordings fill the storage its plan allows.',
    advice: 'Delete recordings you no longer need in Cloud recordings, or add storage in Billing, Current plans. Until then no meeting is recorded.',
  },
  fr: {
    subject: 'Stockage des enregistrements plein : « {topic} » n’a pas été enregistrée',
    body: 'La réunion « {topic} » a commencé sans enregistrement : les enregistrements de votre organisation remplissent le stockage que permet son offre.',
    advice: 'Supprimez les enregistrements dont vous n’avez plus besoin dans Enregistrements cloud, ou ajoutez du stockage dans Facturation, Plans actuels. D’ici là, aucune réunion n’est enregistrée.',
  },
  ar: {
    subject: 'مساحة التسجيلات ممتلئة: لم يُسجَّل "{topic}"',
    body: 'بدأ الاجتماع "{topic}" دون تسجيل: تسجيلات مؤسستك تملأ المساحة التي تسمح بها خطتها.',
    advice: 'احذف التسجيلات التي لم تعد بحاجة إليها من التسجيلات السحابية، أو أضف مساحة من الفوترة، الخطط الحالية. وحتى ذلك الحين لن يُسجَّل أي اجتماع.',
  },
  uz: {
    subject: 'Yozuvlar xotirasi to‘lgan: "{topic}" yozib olinmadi',
    body: '"{topic}" uchrashuvi yozib olinmasdan boshlandi: tashkilotingiz yozuvlari tarifi ruxsat bergan xotirani to‘ldirgan.',
    advice: 'Keraksiz yozuvlarni Bulutli yozuvlar bo‘limida o‘chiring yoki To‘lovlar, Joriy tariflar bo‘limida xotira qo‘shing. Ungacha hech qaysi uchrashuv yozib olinmaydi.',
  },
};

export function storageFullMail(topic: string, language: string | null) {
  const chosen = pickMailLanguage(language);
  const w = words[chosen];
  const plain = { topic: topic.replace(/[\r\n]+/g, ' ') };
  const dir = chosen === 'ar' ? 'rtl' : 'ltr';
  return {
    template: 'recording_storage_full',
    subject: fill(w.subject, plain),
    text: `${fill(w.body, plain)}\n\n${w.advice}`,
    html: `<p dir="${dir}">${fill(w.body, { topic: escapeHtml(plain.topic) })}</p><p dir="${dir}">${escapeHtml(w.advice)}</p>`,
  };
}

/** In the transaction that keeps the room: the day's notice, unless one was queued today already. */
export async function queueStorageFullMail(tx: Database, tenantId: string, topic: string, now: Date): Promise<void> {
  await enqueueJob(tx, { kind: storageFullJobKind, payload: { tenantId, topic }, dedupeKey: `${storageFullJobKind}:${tenantId}:${now.toISOString().slice(0, 10)}` }, now);
}

export function registerStorageFullMail(app: FastifyInstance): void {
  app.jobs.register(storageFullJobKind, async (job) => {
    const { tenantId, topic } = job.payload as { tenantId?: string; topic?: string };
    if (!tenantId || typeof topic !== 'string') throw new PermanentJobError('a storage notice without its tenant');
    await app.database.withTenant(tenantId, async (tx) => {
      const admins = await tx
        .selectDistinct({ email: users.email, language: users.language })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(eq(users.tenantId, tenantId), eq(users.status, 'enabled'), inArray(roles.name, ['tenantadmin'])));
      for (const admin of admins) await enqueueMail(tx, { tenantId, to: admin.email, ...storageFullMail(topic, admin.language) });
    });
  });
}
