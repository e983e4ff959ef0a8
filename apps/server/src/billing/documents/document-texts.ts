// The words of invoices and receipts in the four portal languages (the tenant's language decides).

export const documentLanguages = ['en', 'fr', 'ar', 'uz'] as const;
export type DocumentLanguage = (typeof documentLanguages)[number];

export type DocumentTexts = {
  invoice: string;
  receipt: string;
  number: string;
  date: string;
  due: string;
  paidOn: string;
  status: Record<'open' | 'paid' | 'void' | 'uncollectible', string>;
  from: string;
  billTo: string;
  description: string;
  period: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  creditApplied: string;
  tax: string;
  total: string;
  amountPaid: string;
  paymentMethod: string;
  reference: string;
  modes: Record<'card' | 'bank_transfer' | 'manual', string>;
  lineKinds: Record<'subscription' | 'renewal' | 'proration_credit' | 'proration_charge', string>;
  licences: (count: number) => string;
  thanks: string;
};

export const documentTexts: Record<DocumentLanguage, DocumentTexts> = {
  en: {
    invoice: 'Invoice',
    receipt: 'Receipt',
    number: 'Number',
    date: 'Date',
    due: 'Due',
    paidOn: 'Paid on',
    status: { open: 'Pending payment', paid: 'Paid', void: 'Void', uncollectible: 'Expired' },
    from: 'From',
    billTo: 'Bill to',
    description: 'Description',
    period: 'Period',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    creditApplied: 'Credit applied',
    tax: 'Tax',
    total: 'Total',
    amountPaid: 'Amount paid',
    paymentMethod: 'Payment method',
    reference: 'Reference',
    modes: { card: 'Card', bank_transfer: 'Bank transfer', manual: 'Recorded by an administrator' },
    lineKinds: { subscription: 'Subscription', renewal: 'Renewal', proration_credit: 'Unused time', proration_charge: 'Remaining time' },
    licences: (count) => `${count} ${count === 1 ? 'licence' : 'licences'}`,
    thanks: 'Thank you for your business.',
  },
  fr: {
    invoice: 'Facture',
    receipt: 'Reçu',
    number: 'Numéro',
    date: 'Date',
    due: 'Échéance',
    paidOn: 'Payée le',
    status: { open: 'En attente de paiement', paid: 'Payée', void: 'Annulée', uncollectible: 'Expirée' },
    from: 'Émetteur',
    billTo: 'Facturé à',
    description: 'Description',
    period: 'Période',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total',
    creditApplied: 'Avoir appliqué',
    tax: 'Taxe',
    total: 'Total',
    amountPaid: 'Montant payé',
    paymentMethod: 'Moyen de paiement',
    reference: 'Référence',
    modes: { card: 'Carte', bank_transfer: 'Virement bancaire', manual: 'Enregistré par un administrateur' },
    lineKinds: { subscription: 'Abonnement', renewal: 'Renouvellement', proration_credit: 'Temps non utilisé', proration_charge: 'Temps restant' },
    licences: (count) => `${count} ${count <= 1 ? 'licence' : 'licences'}`,
    thanks: 'Merci de votre confiance.',
  },
  ar: {
    invoice: 'فاتورة',
    receipt: 'إيصال',
    number: 'الرقم',
    date: 'التاريخ',
    due: 'تاريخ الاستحقاق',
    paidOn: 'تاريخ الدفع',
    status: { open: 'بانتظار الدفع', paid: 'مدفوعة', void: 'ملغاة', uncollectible: 'منتهية' },
    from: 'من',
    billTo: 'إلى',
    description: 'الوصف',
    period: 'الفترة',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة',
    amount: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    creditApplied: 'الرصيد المستخدم',
    tax: 'الضريبة',
    total: 'الإجمالي',
    amountPaid: 'المبلغ المدفوع',
    paymentMethod: 'طريقة الدفع',
    reference: 'المرجع',
    modes: { card: 'بطاقة', bank_transfer: 'تحويل بنكي', manual: 'سجله مسؤول' },
    lineKinds: { subscription: 'اشتراك', renewal: 'تجديد', proration_credit: 'وقت غير مستخدم', proration_charge: 'الوقت المتبقي' },
    licences: (count) => (count === 1 ? 'ترخيص واحد' : count === 2 ? 'ترخيصان' : count >= 3 && count <= 10 ? `${count} تراخيص` : `${count} ترخيص`),
    thanks: 'شكرا لتعاملكم معنا.',
  },
  uz: {
    invoice: 'Hisob-faktura',
    receipt: 'Kvitansiya',
    number: 'Raqam',
    date: 'Sana',
    due: 'Toʻlov muddati',
    paidOn: 'Toʻlangan sana',
    status: { open: 'Toʻlov kutilmoqda', paid: 'Toʻlangan', void: 'Bekor qilingan', uncollectible: 'Muddati oʻtgan' },
    from: 'Kimdan',
    billTo: 'Kimga',
    description: 'Tavsif',
    period: 'Davr',
    quantity: 'Soni',
    unitPrice: 'Birlik narxi',
    amount: 'Summa',
    subtotal: 'Oraliq jami',
    creditApplied: 'Qoʻllangan kredit',
    tax: 'Soliq',
    total: 'Jami',
    amountPaid: 'Toʻlangan summa',
    paymentMethod: 'Toʻlov usuli',
    reference: 'Maʼlumotnoma',
    modes: { card: 'Karta', bank_transfer: 'Bank oʻtkazmasi', manual: 'Administrator qayd etgan' },
    lineKinds: { subscription: 'Obuna', renewal: 'Yangilash', proration_credit: 'Foydalanilmagan vaqt', proration_charge: 'Qolgan vaqt' },
    licences: (count) => `${count} ta litsenziya`,
    thanks: 'Hamkorligingiz uchun rahmat.',
  },
};
