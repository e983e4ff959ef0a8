// Every accounts-by-email screen, the sign-in's two-factor step and the profile's two-factor panel
// in the four portal languages: the heading, the main action (and, where given, the intro) in the
// active language, and Arabic laid out right to left.
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { activateLanguage } from '@portal/i18n';
import type { Language } from '@portal/i18n';
import { TwoFactorPanel } from '../components/two-factor';
import { AuthTestFrame, fakeTenantInfo, installFakeApi, json } from '../testing';
import type { FakeRoutes } from '../testing';
import CreatePasswordPage from './create-password-page/create-password-page';
import ForgotPasswordPage from './forgot-password-page/forgot-password-page';
import GettingStartedPage from './getting-started-page/getting-started-page';
import LoginPage from './login-page/login-page';
import RegisterPage from './register-page/register-page';
import ResetPasswordPage from './reset-password-page/reset-password-page';
import SignupPage from './signup-page/signup-page';
import ThankYouPage from './thank-you-page/thank-you-page';

type Expected = { heading: string; action: string; intro?: string };

type Screen = {
  name: string;
  path: string;
  entry?: string;
  Page: ComponentType;
  /** The heading's level: 1 for a page, 2 for a panel inside one. */
  level?: 1 | 2;
  routes?: FakeRoutes;
  texts: Record<Language, Expected>;
};

const screens: Screen[] = [
  {
    name: 'register',
    path: '/register',
    Page: RegisterPage,
    texts: {
      en: { heading: 'Create your account', action: 'Register' },
      fr: { heading: 'Créez votre compte', action: 'S’inscrire' },
      ar: { heading: 'أنشئ حسابك', action: 'تسجيل' },
      uz: { heading: 'Hisobingizni yarating', action: 'Ro‘yxatdan o‘tish' },
    },
  },
  {
    name: 'thank-you',
    path: '/thank-you',
    Page: ThankYouPage,
    texts: {
      en: { heading: 'Thank you for registering!', action: 'Resend email' },
      fr: { heading: 'Merci pour votre inscription !', action: 'Renvoyer l’e-mail' },
      ar: { heading: 'شكرًا لتسجيلك!', action: 'إعادة إرسال البريد' },
      uz: { heading: 'Ro‘yxatdan o‘tganingiz uchun rahmat!', action: 'Xatni qayta yuborish' },
    },
  },
  {
    name: 'create-password',
    path: '/create-password',
    entry: '/create-password?token=signup-token-0123456789',
    Page: CreatePasswordPage,
    texts: {
      en: { heading: 'Create password', action: 'Create password' },
      fr: { heading: 'Créer le mot de passe', action: 'Créer le mot de passe' },
      ar: { heading: 'إنشاء كلمة المرور', action: 'إنشاء كلمة المرور' },
      uz: { heading: 'Parol yaratish', action: 'Parol yaratish' },
    },
  },
  {
    name: 'forgot-password',
    path: '/forgot-password',
    Page: ForgotPasswordPage,
    texts: {
      en: { heading: 'Forgot password', action: 'Send Reset Link' },
      fr: { heading: 'Mot de passe oublié', action: 'Envoyer le lien de réinitialisation' },
      ar: { heading: 'نسيت كلمة المرور', action: 'إرسال رابط إعادة التعيين' },
      uz: { heading: 'Parolni unutdingizmi', action: 'Tiklash havolasini yuborish' },
    },
  },
  {
    name: 'signup',
    path: '/signup',
    Page: SignupPage,
    texts: {
      en: { heading: 'Sign up for Acme Meetings', action: 'Create Account' },
      fr: { heading: 'Inscrivez-vous sur Acme Meetings', action: 'Créer un compte' },
      ar: { heading: 'أنشئ حسابًا في Acme Meetings', action: 'إنشاء حساب' },
      uz: { heading: 'Acme Meetings platformasida ro‘yxatdan o‘ting', action: 'Hisob yaratish' },
    },
  },
  {
    name: 'getting-started',
    path: '/getting-started',
    Page: GettingStartedPage,
    texts: {
      en: { heading: 'Getting started', action: 'Create Account' },
      fr: { heading: 'Premiers pas', action: 'Créer un compte' },
      ar: { heading: 'البدء', action: 'إنشاء حساب' },
      uz: { heading: 'Boshlash', action: 'Hisob yaratish' },
    },
  },
  {
    name: 'reset-password',
    path: '/auth/reset-password',
    entry: '/auth/reset-password?token=reset-token-0123456789',
    Page: ResetPasswordPage,
    texts: {
      en: { heading: 'Reset password', action: 'Update password', intro: 'Choose a new password for your account.' },
      fr: { heading: 'Réinitialiser le mot de passe', action: 'Mettre à jour le mot de passe', intro: 'Choisissez un nouveau mot de passe pour votre compte.' },
      ar: { heading: 'إعادة تعيين كلمة المرور', action: 'تحديث كلمة المرور', intro: 'اختر كلمة مرور جديدة لحسابك.' },
      uz: { heading: 'Parolni tiklash', action: 'Parolni yangilash', intro: 'Hisobingiz uchun yangi parol tanlang.' },
    },
  },
  {
    // The code step, as a sign-in whose password was right (or an external sign-in) opens it.
    name: 'login two-factor step',
    path: '/login',
    entry: '/login#two-factor=tmpid-two-factor-0123456789',
    Page: LoginPage,
    texts: {
      en: { heading: 'Two-factor authentication', action: 'Verify', intro: 'Enter the 6-digit code from your authenticator app.' },
      fr: { heading: 'Authentification à deux facteurs', action: 'Vérifier', intro: 'Saisissez le code à 6 chiffres de votre application d’authentification.' },
      ar: { heading: 'المصادقة الثنائية', action: 'تحقّق', intro: 'أدخل الرمز المكوّن من 6 أرقام من تطبيق المصادقة.' },
      uz: { heading: 'Ikki bosqichli autentifikatsiya', action: 'Tasdiqlash', intro: 'Autentifikator ilovasidagi 6 xonali kodni kiriting.' },
    },
  },
  {
    name: 'profile two-factor panel',
    path: '/profile',
    Page: TwoFactorPanel,
    level: 2,
    routes: { getTwoFactorStatus: json({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 }) },
    texts: {
      en: { heading: 'Two-factor authentication', action: 'Enable', intro: 'Add a second step to signing in: a code from an authenticator app on your phone.' },
      fr: { heading: 'Authentification à deux facteurs', action: 'Activer', intro: 'Ajoutez une seconde étape à la connexion : un code d’une application d’authentification sur votre téléphone.' },
      ar: { heading: 'المصادقة الثنائية', action: 'تفعيل', intro: 'أضف خطوة ثانية لتسجيل الدخول: رمز من تطبيق مصادقة على هاتفك.' },
      uz: { heading: 'Ikki bosqichli autentifikatsiya', action: 'Faollashtirish', intro: 'Kirishga ikkinchi bosqich qo‘shing: telefoningizdagi autentifikator ilovasidan kod.' },
    },
  },
];

const languages: Language[] = ['en', 'fr', 'ar', 'uz'];

afterAll(async () => {
  await activateLanguage('en');
});

describe.each(languages)('accounts screens in %s', (language) => {
  beforeAll(async () => {
    await activateLanguage(language);
  });

  it.each(screens)('$name shows its heading and action in the language', async ({ path, entry, Page, level = 1, routes = {}, texts }) => {
    installFakeApi({
      getTenantInfo: json(fakeTenantInfo({ text: { portal_login_heading: null, portal_login_body: null, portal_register_heading: null, portal_regiser_body: null } })),
      ...routes,
    });
    const { unmount } = render(
      <AuthTestFrame path={path} initialEntry={entry ?? path}>
        <Page />
      </AuthTestFrame>,
    );
    const expected = texts[language];
    expect(await screen.findByRole('heading', { level, name: expected.heading })).toBeVisible();
    const labels = await screen.findAllByText(expected.action);
    expect(labels.some((label) => label.closest('button, a'))).toBe(true);
    if (expected.intro) expect(screen.getByText(expected.intro)).toBeVisible();
    expect(document.documentElement.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
    unmount();
  });
});
