import { Link } from '@tanstack/react-router'
import { CONTACT_EMAIL } from '~/shared/contact'
import { LegalList, LegalSection } from './legal-document'

const link = 'text-violet-300 underline underline-offset-4 hover:text-violet-200'
const term = 'font-medium text-foreground'

export function PrivacySummary({ appName }: { appName: string }) {
  return (
    <p>
      In short: {appName} keeps what it needs to research keywords and write articles for your business, and nothing for advertising. Search
      Console is read-only and used only to improve your own content. We use session cookies only. Deleting your account deletes your
      businesses and their data.
    </p>
  )
}

/** The privacy policy, written for this product (what is collected, Google data, processors, cookies, deletion). */
export function PrivacyPolicy({ appName }: { appName: string }) {
  return (
    <>
      <PrivacyWhoAndWhat appName={appName} />
      <PrivacyUseAndGoogleData appName={appName} />
      <PrivacyProcessorsAndCookies appName={appName} />
      <PrivacyRetentionAndRights appName={appName} />
    </>
  )
}

function PrivacyWhoAndWhat({ appName }: { appName: string }) {
  return (
    <>
      <LegalSection id="who" title="1. Who is responsible">
        <p>
          This policy explains how the operator of {appName} (“we”, “us”) handles personal data when you visit the website or use the
          application. We are responsible for that data as its controller. You can reach us about anything in this policy at{' '}
          <a href={`mailto:${CONTACT_EMAIL}`} className={link}>
            {CONTACT_EMAIL}
          </a>
          .
        </p>
      </LegalSection>

      <LegalSection id="collect" title="2. What we collect">
        <LegalList>
          <li>
            <span className={term}>Account:</span> your name, email address and, if you sign in with a social provider, the profile picture
            and account identifier it shares. If you use a password, we store only a salted hash of it.
          </li>
          <li>
            <span className={term}>Linked accounts:</span> for each provider you connect, the access and refresh tokens it issues and the
            permissions (scopes) you granted.
          </li>
          <li>
            <span className={term}>Sessions:</span> a record of each signed-in session with its IP address and browser (user agent), so you
            can see and end your sessions and we can protect accounts from abuse.
          </li>
          <li>
            <span className={term}>Your businesses:</span> the website addresses you add, the profile we derive from your site (what you
            sell, to whom, how), your competitors, sitemap and blog addresses, language, tone and article settings.
          </li>
          <li>
            <span className={term}>Work we do for you:</span> copies of the public pages we crawl on your site and your competitors' sites,
            keyword research, clusters, the content plan, generated articles and images, and the history of what was generated and
            published.
          </li>
          <li>
            <span className={term}>Publishing connections:</span> the credentials you give us for your content management system or webhook,
            encrypted at rest.
          </li>
          <li>
            <span className={term}>Search Console data</span>, if you connect it: see section 4.
          </li>
          <li>
            <span className={term}>Billing:</span> your plan, subscription status, Polar customer identifier and usage for each billing
            period (for example, the number of articles generated). Polar collects your payment details; we never receive full card numbers.
          </li>
          <li>
            <span className={term}>Newsletter:</span> your email address, if you subscribe.
          </li>
          <li>
            <span className={term}>Emails we send:</span> account emails such as address verification and password reset, which contain
            single-use links.
          </li>
        </LegalList>
      </LegalSection>
    </>
  )
}

function PrivacyUseAndGoogleData({ appName }: { appName: string }) {
  return (
    <>
      <LegalSection id="use" title="3. Why we use it">
        <LegalList>
          <li>
            To provide the service you signed up for: research, planning, writing, publishing and reporting (performance of our contract
            with you).
          </li>
          <li>To secure accounts, prevent abuse and keep the service running (our legitimate interest in a safe service).</li>
          <li>To bill you and meet tax and accounting duties, together with Polar (contract and legal obligation).</li>
          <li>
            To send the newsletter you asked for; every issue has an unsubscribe link (your consent, which you can withdraw at any time).
          </li>
        </LegalList>
        <p>
          We do not sell personal data, we do not use it for advertising, and we do not use your content or your Search Console data to
          train AI models.
        </p>
      </LegalSection>

      <LegalSection id="google-data" title="4. Google data and Search Console">
        <p>
          If you sign in with Google, Google shares your name, email address and profile picture with us. Connecting Search Console is a
          separate, optional step in which you grant read-only access (the{' '}
          <code className="rounded bg-muted px-1.5 py-0.5 text-sm">webmasters.readonly</code> scope).
        </p>
        <LegalList>
          <li>
            <span className={term}>What we read:</span> the list of your Search Console properties and your permission level; for the
            property you choose, search performance by query and page (clicks, impressions, click-through rate, average position) and
            sitemap status. We cannot change anything in your Search Console account.
          </li>
          <li>
            <span className={term}>What we do with it:</span> only show you how your own content performs and improve it: find keywords
            close to the first page, spot articles losing traffic, and avoid planning articles that would compete with pages you already
            rank with.
          </li>
          <li>
            <span className={term}>What we never do:</span> sell it, use it for advertising, share it with other customers, or transfer it
            to anyone except the processors needed to provide those features, under this policy.
          </li>
          <li>
            <span className={term}>Stopping access:</span> disconnect Search Console in the app, or revoke {appName}'s access at any time
            from your Google account's{' '}
            <a href="https://myaccount.google.com/permissions" className={link} rel="noopener">
              third-party access page
            </a>
            . Disconnecting stops syncing and deletes the Search Console data we stored for that business.
          </li>
        </LegalList>
        <p>
          {appName}'s use and transfer of information received from Google APIs adheres to the{' '}
          <a href="https://developers.google.com/terms/api-services-user-data-policy" className={link} rel="noopener">
            Google API Services User Data Policy
          </a>
          , including the Limited Use requirements.
        </p>
      </LegalSection>
    </>
  )
}

function PrivacyProcessorsAndCookies({ appName }: { appName: string }) {
  return (
    <>
      <LegalSection id="processors" title="5. Who processes data for us">
        <p>We share data only with the providers that run parts of the service, and only what each one needs:</p>
        <LegalList>
          <li>
            <span className={term}>Hosting and database:</span> the servers that run {appName} and store all of the data above.
          </li>
          <li>
            <span className={term}>AI providers:</span> the language, embedding and image models that analyse sites and write articles
            receive your business profile, crawled page text, keywords and drafts. We use them under API terms that do not allow them to
            train on what we send.
          </li>
          <li>
            <span className={term}>DataForSEO:</span> keyword metrics and search results. It receives keywords, domains and the target
            country and language, not your account details.
          </li>
          <li>
            <span className={term}>Polar:</span> our merchant of record for subscriptions, payments, tax and invoices. It receives your
            email address, plan and usage, and collects your payment details directly.
          </li>
          <li>
            <span className={term}>Email delivery:</span> the mail service that sends account emails and the newsletter receives the
            recipient address and the message.
          </li>
          <li>
            <span className={term}>Google and other sign-in providers:</span> for sign-in, and Google for Search Console and, when videos
            are enabled for your articles, YouTube search (which receives the article's keyword).
          </li>
          <li>
            <span className={term}>Your publishing platforms:</span> the systems you connect receive the articles you publish to them.
          </li>
        </LegalList>
        <p>
          Some of these providers process data outside your country. Where that happens we rely on the safeguards the law requires, such as
          standard contractual clauses.
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="6. Cookies">
        <p>
          {appName} uses <strong className="text-foreground">session cookies only</strong>: a cookie that keeps you signed in, a short-lived
          signed copy of your session that saves a database lookup, and, during sign-in with a social provider, a temporary cookie that
          protects the sign-in against forgery. They are strictly necessary for the service, so we do not ask for consent. We use no
          analytics, advertising or tracking cookies, and the public pages set no cookies until you sign in.
        </p>
      </LegalSection>
    </>
  )
}

function PrivacyRetentionAndRights({ appName }: { appName: string }) {
  return (
    <>
      <LegalSection id="retention" title="7. How long we keep data, and deletion">
        <LegalList>
          <li>We keep your account and businesses for as long as you have an account.</li>
          <li>
            <strong className="text-foreground">Deleting your account deletes your data:</strong> your profile, sessions, linked accounts
            and their tokens, and every business you own with its crawls, competitors, keywords, clusters, content plan, articles,
            publishing connections and Search Console data. You can delete your account from your account settings at any time.
          </li>
          <li>Deleting a single business deletes that business and everything attached to it.</li>
          <li>Backups are overwritten on a rolling basis; deleted data disappears from them within 30 days.</li>
          <li>Invoices and payment records are kept by Polar, and by us where tax law requires it, for the legally required period.</li>
          <li>
            Articles already published to your own website are on your systems, not ours: deleting your {appName} account does not remove
            them.
          </li>
          <li>
            Keyword metrics we buy from DataForSEO are cached for up to 30 days so they are not paid for twice. They describe search terms,
            not people.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="rights" title="8. Your rights">
        <p>
          Depending on where you live, you can ask to access, correct, export or delete your personal data, to restrict or object to how we
          use it, and to withdraw consent you gave. Most of this you can do yourself in your account settings; for anything else write to{' '}
          <a href={`mailto:${CONTACT_EMAIL}`} className={link}>
            {CONTACT_EMAIL}
          </a>{' '}
          and we will answer within 30 days. You can also complain to your data protection authority.
        </p>
      </LegalSection>

      <LegalSection id="security" title="9. Security">
        <p>
          Traffic is encrypted in transit, passwords are hashed, publishing credentials are encrypted at rest and sessions expire. Access to
          production data is limited to the people who need it to run the service. No system is perfectly secure; if a breach affects your
          data, we will tell you and the authorities as the law requires.
        </p>
      </LegalSection>

      <LegalSection id="children" title="10. Children">
        <p>{appName} is a business tool and is not meant for anyone under 18. We do not knowingly collect data about children.</p>
      </LegalSection>

      <LegalSection id="changes" title="11. Changes to this policy">
        <p>
          When we change this policy we update the date at the top. If a change matters, for example a new kind of data or a new processor,
          we will tell you by email or in the app before it applies. See also our{' '}
          <Link to="/terms-of-service" className={link}>
            terms of service
          </Link>
          .
        </p>
      </LegalSection>
    </>
  )
}
