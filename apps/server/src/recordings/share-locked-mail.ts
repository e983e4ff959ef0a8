// The mail that tells a share link's creator the link was locked after too many wrong passwords,
// in the creator's language (the portal's four).
import { escapeHtml, fill, pickMailLanguage, type MailLanguage } from '../mail/index.ts';

type Words = { subject: string; body: string; advice: string };

const words: Record<MailLanguage, Words> = {
  en: {
    subject: 'A share link of "{topic}" was locked',
    body: 'Your share link of the recording "{topic}" received {count} wrong passwords, from {addresses} different addresses, so it was locked: nobody can open it any more.',
    advice: 'If you still want to share the recording, create a new link with a new, longer password in Cloud recordings, Share.',
  },
  fr: {
    subject: 'Un lien de partage de « {topic} » a été verrouillé',
    body: 'Votre lien de partage de l’enregistrement « {topic} » a reçu {count} mots de passe erronés, depuis {addresses} adresses différentes ; il a donc été verrouillé : plus personne ne peut l’ouvrir.',
    advice: 'Si vous souhaitez toujours partager l’enregistrement, créez un nouveau lien avec un nouveau mot de passe, plus long, dans Enregistrements cloud, Partager.',
  },
  ar: {
    subject: 'تم قفل رابط مشاركة "{topic}"',
    body: 'تلقى رابط مشاركة التسجيل "{topic}" {count} كلمات مرور خاطئة من {addresses} عناوين مختلفة، لذلك تم قفله: لا يمكن لأحد فتحه بعد الآن.',
    advice: 'إذا كنت لا تزال ترغب في مشاركة التسجيل، فأنشئ رابطًا جديدًا بكلمة مرور جديدة وأطول من التسجيلات السحابية، مشاركة.',
  },
  uz: {
    subject: '"{topic}" ulashish havolasi bloklandi',
    body: '"{topic}" yozuvining ulashish havolangizga {addresses} xil manzildan {count} ta noto‘g‘ri parol kiritildi, shuning uchun u bloklandi: endi uni hech kim ocha olmaydi.',
    advice: 'Agar yozuvni baribir ulashmoqchi bo‘lsangiz, Bulutli yozuvlar, Ulashish bo‘limida yangi, uzunroq parol bilan yangi havola yarating.',
  },
};

export function shareLockedMail(input: { topic: string; failures: number; addresses: number; language: string | null }) {
  const language = pickMailLanguage(input.language);
  const w = words[language];
  const plain = { topic: input.topic.replace(/[\r\n]+/g, ' '), count: String(input.failures), addresses: String(input.addresses) };
  const html = { ...plain, topic: escapeHtml(plain.topic) };
  return {
    template: 'recording_share_locked',
    subject: fill(w.subject, plain),
    text: `${fill(w.body, plain)}\n\n${w.advice}`,
    html: `<p dir="${language === 'ar' ? 'rtl' : 'ltr'}">${fill(w.body, html)}</p><p dir="${language === 'ar' ? 'rtl' : 'ltr'}">${escapeHtml(w.advice)}</p>`,
  };
}
