import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';

function Section({ title, children }: { title: string; children: ReactNode }): ReactElement {
  return (
    <section className="space-y-3">
      <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
      <div className="space-y-3 text-muted-foreground">{children}</div>
    </section>
  );
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

export function PrivacyPage(): ReactElement {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Privacy Policy</h1>
      <p className="mt-2 text-sm text-muted-foreground">Effective January 24, 2025</p>

      <Card className="mt-8 space-y-10 p-6 sm:p-10">
        <Section title="Who we are">
          <p>
            PayMarket is a payment marketplace that connects buyers with sellers and print providers. We facilitate payments between them
            and do not hold your funds.
          </p>
        </Section>

        <Section title="Age requirement">
          <p>You must be 18 years of age or older to use PayMarket. We do not knowingly collect information from anyone under 18.</p>
        </Section>

        <Section title="Information we collect">
          <ul className="list-disc space-y-2 pl-5">
            <li>
              Account details you give us when you register: your name, email address and, if you choose, your company, business type,
              expected order volume and requirements.
            </li>
            <li>Profile details sellers and print providers publish, such as business name, contact details, location and pricing.</li>
            <li>Order and payment records: amounts, currencies, status and payment references.</li>
          </ul>
          <p>
            Card details are entered into and processed by our payment provider, Stripe. PayMarket does not receive or store your full card
            number.
          </p>
        </Section>

        <Section title="How we use it">
          <ul className="list-disc space-y-2 pl-5">
            <li>To create and run your account and send you service emails, such as a welcome message.</li>
            <li>To process payments and split them between sellers, print providers and the transaction fee.</li>
            <li>To show public seller and provider profiles to buyers, and buyer requests to sellers.</li>
            <li>To keep the service secure and prevent fraud.</li>
          </ul>
        </Section>

        <Section title="Who we share it with">
          <p>
            We share what is needed to complete a transaction with the seller or print provider you deal with, and with Stripe to process
            the payment. We do not sell your personal information.
          </p>
        </Section>

        <Section title="Your choices and account deletion">
          <p>
            You can ask us to delete your account and personal data at any time on the{' '}
            <Link to="/delete-account" className={linkClass}>
              account deletion page
            </Link>
            . Requests are processed within 90 days and confirmed by email.
          </p>
        </Section>

        <Section title="Changes to this policy">
          <p>If we change this policy we will update the effective date at the top of this page.</p>
        </Section>
      </Card>
    </article>
  );
}
