// The words of every mail in the four portal languages. `{brand}`, `{name}` are filled in (and
// escaped for HTML) by templates.ts; the expiry sentence is a function because of plurals.

export const mailLanguages = ['en', 'fr', 'ar', 'uz'] as const;
export type MailLanguage = (typeof mailLanguages)[number];

export type MailTemplate = 'invite' | 'signup' | 'reset_password' | 'confirm_email';

export type TemplateTexts = { subject: string; intro: string; action: string; ignore: string };

export type LanguageTexts = {
  greeting: string;
  expires: (hours: number) => string;
  linkHint: string;
  templates: Record<MailTemplate, TemplateTexts>;
};

function arabicHours(hours: number): string {
  if (hours === 1) return 'ساعة واحدة';
  if (hours === 2) return 'ساعتين';
  if (hours >= 3 && hours <= 10) return `${hours} ساعات`;
  return `${hours} ساعة`;
}

export const mailTexts: Record<MailLanguage, LanguageTexts> = {
  en: {
    greeting: 'Hello {name},',
    expires: (hours) => `The link works once and expires in ${hours} ${hours === 1 ? 'hour' : 'hours'}.`,
    linkHint: 'If the button does not work, copy this address into your browser:',
    templates: {
      invite: {
        subject: 'Your {brand} account is ready',
        intro: 'You have been invited to {brand}. Choose your password with this link:',
        action: 'Set my password',
        ignore: 'If you did not expect this invitation, you can ignore this email.',
      },
      signup: {
        subject: 'Welcome to {brand}: create your password',
        intro: 'Thank you for registering with {brand}. Create your password to start using your account:',
        action: 'CREATE PASSWORD',
        ignore: 'If you did not register, you can ignore this email; no account will be usable without a password.',
      },
      reset_password: {
        subject: 'Reset your {brand} password',
        intro: 'We received a request to reset the password of your {brand} account. Choose a new password with this link:',
        action: 'Reset password',
        ignore: 'If you did not ask for this, you can ignore this email; your password stays unchanged.',
      },
      confirm_email: {
        subject: 'Confirm your new {brand} email address',
        intro: 'Confirm that this is the new sign-in email address of your {brand} account:',
        action: 'Confirm email address',
        ignore: 'If you did not ask for this change, you can ignore this email; nothing will change.',
      },
    },
  },
  fr: {
    greeting: 'Bonjour {name},',
    expires: (hours) => `Le lien ne fonctionne qu’une fois et expire dans ${hours} ${hours <= 1 ? 'heure' : 'heures'}.`,
    linkHint: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
    templates: {
      invite: {
        subject: 'Votre compte {brand} est prêt',
        intro: 'Vous avez été invité à rejoindre {brand}. Choisissez votre mot de passe avec ce lien :',
        action: 'Choisir mon mot de passe',
        ignore: 'Si vous n’attendiez pas cette invitation, vous pouvez ignorer cet e-mail.',
      },
      signup: {
        subject: 'Bienvenue sur {brand} : créez votre mot de passe',
        intro: 'Merci de vous être inscrit sur {brand}. Créez votre mot de passe pour commencer à utiliser votre compte :',
        action: 'CRÉER LE MOT DE PASSE',
        ignore: 'Si vous ne vous êtes pas inscrit, vous pouvez ignorer cet e-mail : aucun compte ne sera utilisable sans mot de passe.',
      },
      reset_password: {
        subject: 'Réinitialisez votre mot de passe {brand}',
        intro: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte {brand}. Choisissez un nouveau mot de passe avec ce lien :',
        action: 'Réinitialiser le mot de passe',
        ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
      },
      confirm_email: {
        subject: 'Confirmez votre nouvelle adresse e-mail {brand}',
        intro: 'Confirmez qu’il s’agit bien de la nouvelle adresse e-mail de connexion de votre compte {brand} :',
        action: 'Confirmer l’adresse e-mail',
        ignore: 'Si vous n’avez pas demandé ce changement, ignorez cet e-mail : rien ne changera.',
      },
    },
  },
  ar: {
    greeting: 'مرحبًا {name}،',
    expires: (hours) => `يعمل الرابط مرة واحدة فقط وتنتهي صلاحيته خلال ${arabicHours(hours)}.`,
    linkHint: 'إذا لم يعمل الزر، فانسخ هذا العنوان في متصفحك:',
    templates: {
      invite: {
        subject: 'حسابك في {brand} جاهز',
        intro: 'تمت دعوتك إلى {brand}. اختر كلمة المرور الخاصة بك عبر هذا الرابط:',
        action: 'تعيين كلمة المرور',
        ignore: 'إذا لم تكن تتوقع هذه الدعوة، يمكنك تجاهل هذه الرسالة.',
      },
      signup: {
        subject: 'مرحبًا بك في {brand}: أنشئ كلمة المرور',
        intro: 'شكرًا لتسجيلك في {brand}. أنشئ كلمة المرور لتبدأ باستخدام حسابك:',
        action: 'إنشاء كلمة المرور',
        ignore: 'إذا لم تقم بالتسجيل، يمكنك تجاهل هذه الرسالة؛ لن يكون أي حساب قابلًا للاستخدام دون كلمة مرور.',
      },
      reset_password: {
        subject: 'إعادة تعيين كلمة المرور في {brand}',
        intro: 'تلقينا طلبًا لإعادة تعيين كلمة مرور حسابك في {brand}. اختر كلمة مرور جديدة عبر هذا الرابط:',
        action: 'إعادة تعيين كلمة المرور',
        ignore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة؛ ستبقى كلمة مرورك دون تغيير.',
      },
      confirm_email: {
        subject: 'أكّد عنوان بريدك الإلكتروني الجديد في {brand}',
        intro: 'أكّد أن هذا هو عنوان البريد الإلكتروني الجديد لتسجيل الدخول إلى حسابك في {brand}:',
        action: 'تأكيد عنوان البريد الإلكتروني',
        ignore: 'إذا لم تطلب هذا التغيير، يمكنك تجاهل هذه الرسالة؛ لن يتغير شيء.',
      },
    },
  },
  uz: {
    greeting: 'Assalomu alaykum, {name}!',
    expires: (hours) => `Havola faqat bir marta ishlaydi va ${hours} soatdan keyin eskiradi.`,
    linkHint: 'Agar tugma ishlamasa, ushbu manzilni brauzeringizga nusxalang:',
    templates: {
      invite: {
        subject: '{brand} hisobingiz tayyor',
        intro: 'Siz {brand} platformasiga taklif qilindingiz. Ushbu havola orqali parolingizni tanlang:',
        action: 'Parolni o‘rnatish',
        ignore: 'Agar bu taklifni kutmagan bo‘lsangiz, ushbu xatni e’tiborsiz qoldirishingiz mumkin.',
      },
      signup: {
        subject: '{brand} platformasiga xush kelibsiz: parol yarating',
        intro: '{brand} platformasida ro‘yxatdan o‘tganingiz uchun rahmat. Hisobingizdan foydalanishni boshlash uchun parol yarating:',
        action: 'PAROL YARATISH',
        ignore: 'Agar siz ro‘yxatdan o‘tmagan bo‘lsangiz, ushbu xatni e’tiborsiz qoldiring: parolsiz hech qanday hisobdan foydalanib bo‘lmaydi.',
      },
      reset_password: {
        subject: '{brand} parolingizni tiklash',
        intro: '{brand} hisobingiz parolini tiklash so‘rovini oldik. Ushbu havola orqali yangi parol tanlang:',
        action: 'Parolni tiklash',
        ignore: 'Agar buni siz so‘ramagan bo‘lsangiz, ushbu xatni e’tiborsiz qoldiring: parolingiz o‘zgarmaydi.',
      },
      confirm_email: {
        subject: '{brand} uchun yangi elektron pochta manzilingizni tasdiqlang',
        intro: 'Bu {brand} hisobingizga kirish uchun yangi elektron pochta manzilingiz ekanini tasdiqlang:',
        action: 'Elektron pochtani tasdiqlash',
        ignore: 'Agar bu o‘zgarishni so‘ramagan bo‘lsangiz, ushbu xatni e’tiborsiz qoldiring: hech narsa o‘zgarmaydi.',
      },
    },
  },
};
