// The words of a meeting invitation, in the reader's language: the mail sent to invitees (new,
// changed or cancelled) and the text the Copy action puts on the clipboard. Dates are written by
// Intl in the reader's language and the meeting's own time zone, which is named beside them.
import { escapeHtml, fill } from '../mail/index.ts';
import type { MailLanguage } from '../mail/index.ts';

export type InvitationKind = 'request' | 'update' | 'cancel';

type Words = {
  subject: Record<InvitationKind, string>;
  intro: Record<InvitationKind, string>;
  topic: string;
  when: string;
  repeats: string;
  meetingId: string;
  password: string;
  join: string;
  /** An end-to-end encrypted meeting's link opens it only with the key in its fragment, which the server never has. */
  encrypted: string;
};

const words: Record<MailLanguage, Words> = {
  en: {
    subject: { request: 'Invitation: {topic}', update: 'Updated invitation: {topic}', cancel: 'Cancelled: {topic}' },
    intro: {
      request: '{host} is inviting you to a meeting.',
      update: '{host} has changed this meeting.',
      cancel: '{host} has cancelled this meeting.',
    },
    topic: 'Topic',
    when: 'Time',
    repeats: 'This is a recurring meeting: the attached calendar entry holds every occurrence.',
    meetingId: 'Meeting ID',
    password: 'Password',
    join: 'Join the meeting',
    encrypted: 'This meeting is end-to-end encrypted: only its full link, which ends with #key=…, opens it. Ask the organiser for it if your link has no key.',
  },
  fr: {
    subject: { request: 'Invitation : {topic}', update: 'Invitation modifiée : {topic}', cancel: 'Annulée : {topic}' },
    intro: {
      request: '{host} vous invite à une réunion.',
      update: '{host} a modifié cette réunion.',
      cancel: '{host} a annulé cette réunion.',
    },
    topic: 'Sujet',
    when: 'Heure',
    repeats: 'Cette réunion est périodique : l’entrée d’agenda jointe contient toutes ses occurrences.',
    meetingId: 'ID de réunion',
    password: 'Mot de passe',
    join: 'Rejoindre la réunion',
    encrypted: 'Cette réunion est chiffrée de bout en bout : seul son lien complet, qui se termine par #key=…, permet de la rejoindre. Demandez-le à l’organisateur si votre lien n’a pas de clé.',
  },
  ar: {
    subject: { request: 'دعوة: {topic}', update: 'دعوة معدّلة: {topic}', cancel: 'أُلغي: {topic}' },
    intro: {
      request: 'يدعوك {host} إلى اجتماع.',
      update: 'عدّل {host} هذا الاجتماع.',
      cancel: 'ألغى {host} هذا الاجتماع.',
    },
    topic: 'الموضوع',
    when: 'الوقت',
    repeats: 'هذا اجتماع متكرر: يحتوي إدخال التقويم المرفق على كل مواعيده.',
    meetingId: 'معرّف الاجتماع',
    password: 'كلمة المرور',
    join: 'انضم إلى الاجتماع',
    encrypted: 'هذا الاجتماع مشفّر من طرف إلى طرف: لا يفتحه إلا رابطه الكامل الذي ينتهي بـ #key=…. اطلبه من المنظّم إن لم يكن في رابطك مفتاح.',
  },
  uz: {
    subject: { request: 'Taklif: {topic}', update: 'Taklif oʻzgartirildi: {topic}', cancel: 'Bekor qilindi: {topic}' },
    intro: {
      request: '{host} sizni uchrashuvga taklif qilmoqda.',
      update: '{host} bu uchrashuvni oʻzgartirdi.',
      cancel: '{host} bu uchrashuvni bekor qildi.',
    },
    topic: 'Mavzu',
    when: 'Vaqt',
    repeats: 'Bu takrorlanuvchi uchrashuv: ilova qilingan taqvim yozuvida barcha sanalari bor.',
    meetingId: 'Uchrashuv ID',
    password: 'Parol',
    join: 'Uchrashuvga qoʻshilish',
    encrypted: 'Bu uchrashuv uchidan-uchiga shifrlangan: uni faqat #key=… bilan tugaydigan toʻliq havolasi ochadi. Havolangizda kalit boʻlmasa, uni tashkilotchidan soʻrang.',
  },
};

export type InvitationDetails = {
  hostName: string;
  topic: string;
  start: Date;
  durationMinutes: number;
  timeZone: string;
  recurring: boolean;
  code: string;
  password: string | null;
  joinUrl: string;
  /** End-to-end encrypted: the mail and text say the link needs its key (which only the organiser's browser and the full link hold). */
  encrypted?: boolean;
};

const singleLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

function timeRange(details: InvitationDetails, language: MailLanguage): string {
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone: details.timeZone });
  const end = new Date(details.start.getTime() + details.durationMinutes * 60_000);
  return `${format.formatRange(details.start, end)} (${details.timeZone})`;
}

function lines(details: InvitationDetails, language: MailLanguage): [string, string][] {
  const w = words[language];
  return [
    [w.topic, details.topic],
    [w.when, timeRange(details, language)],
    [w.meetingId, details.code.replace(/(\d{3})(\d{3})(\d+)/, '$1 $2 $3')],
    ...(details.password ? [[w.password, details.password] as [string, string]] : []),
  ];
}

/** The invitation people copy and paste. */
export function invitationText(details: InvitationDetails, language: MailLanguage): string {
  const w = words[language];
  return [
    fill(w.intro.request, { host: details.hostName }),
    '',
    ...lines(details, language).map(([label, value]) => `${label}: ${value}`),
    ...(details.recurring ? ['', w.repeats] : []),
    '',
    `${w.join}: ${details.joinUrl}`,
    ...(details.encrypted ? ['', w.encrypted] : []),
  ].join('\n');
}

export type InvitationMail = { subject: string; text: string; html: string };

export function invitationMail(details: InvitationDetails, kind: InvitationKind, language: MailLanguage): InvitationMail {
  const w = words[language];
  const intro = fill(w.intro[kind], { host: details.hostName });
  const rows = lines(details, language);
  const joinable = kind !== 'cancel';
  const text = [
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(details.recurring && joinable ? ['', w.repeats] : []),
    ...(joinable ? ['', `${w.join}: ${details.joinUrl}`] : []),
    ...(joinable && details.encrypted ? ['', w.encrypted] : []),
  ].join('\n');
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}"><body style="margin:0;padding:24px;background:#f5f6f8;font-family:sans-serif;line-height:1.5;color:#1f2328">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p>${escapeHtml(intro)}</p>
<table style="border-collapse:collapse">${rows.map(([label, value]) => `<tr><th style="text-align:start;padding:4px 12px 4px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
${details.recurring && joinable ? `<p>${escapeHtml(w.repeats)}</p>\n` : ''}${joinable ? `<p><a href="${escapeHtml(details.joinUrl)}" style="display:inline-block;background:#1c7ed6;color:#ffffff;padding:10px 20px;border-radius:4px;text-decoration:none;font-weight:bold">${escapeHtml(w.join)}</a></p>\n<p style="font-size:13px;word-break:break-all">${escapeHtml(details.joinUrl)}</p>\n` : ''}${joinable && details.encrypted ? `<p>${escapeHtml(w.encrypted)}</p>\n` : ''}</div>
</body></html>`;
  return { subject: singleLine(fill(w.subject[kind], { topic: details.topic })), text, html };
}
