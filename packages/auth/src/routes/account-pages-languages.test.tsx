// Every accounts-by-email screen in the four portal languages: the heading and the main action in
// the active language, and Arabic laid out right to left.
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { activateLanguage } from '@portal/i18n';
import type { Language } from '@portal/i18n';
import { AuthTestFrame, fakeTenantInfo, installFakeApi, json } from '../testing';
import CreatePasswordPage from './create-password-page/create-password-page';
import ForgotPasswordPage from './forgot-password-page/forgot-password-page';
import GettingStartedPage from './getting-started-page/getting-started-page';
import RegisterPage from './register-page/register-page';
import SignupPage from './signup-page/signup-page';
import ThankYouPage from './thank-you-page/thank-you-page';

type Expected = { heading: string; action: string };

const screens: { name: string; path: string; entry?: string; Page: ComponentType; texts: Record<Language, Expected> }[] = [
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
];

const languages: Language[] = ['en', 'fr', 'ar', 'uz'];

afterAll(async () => {
  await activateLanguage('en');
});

describe.each(languages)('accounts screens in %s', (language) => {
  beforeAll(async () => {
    await activateLanguage(language);
  });

  it.each(screens)('$name shows its heading and action in the language', async ({ path, entry, Page, texts }) => {
    installFakeApi({ 'POST /tenant-info': json(fakeTenantInfo({ text: { portal_login_heading: null, portal_login_body: null, portal_register_heading: null, portal_regiser_body: null } })) });
    const { unmount } = render(
      <AuthTestFrame path={path} initialEntry={entry ?? path}>
        <Page />
      </AuthTestFrame>,
    );
    const expected = texts[language];
    expect(await screen.findByRole('heading', { level: 1, name: expected.heading })).toBeVisible();
    const labels = await screen.findAllByText(expected.action);
    expect(labels.some((label) => label.closest('button, a'))).toBe(true);
    expect(document.documentElement.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
    unmount();
  });
});
