import { Link } from '@tanstack/react-router'
import { CONTACT_EMAIL } from '~/shared/contact'
import { LegalList, LegalSection } from './legal-document'

const link = 'text-violet-300 underline underline-offset-4 hover:text-violet-200'

export function TermsSummary({ appName }: { appName: string }) {
  return (
    <p>
      In short: {appName} researches keywords for your website and writes articles with AI, which you review and own. You pay monthly
      through Polar and can cancel at any time. If you connect Google Search Console, we only read it. We cannot promise rankings, because
      nobody can.
    </p>
  )
}

/** The terms of service, written for this product (accounts, Polar billing, Google data, AI content). */
export function TermsOfService({ appName }: { appName: string }) {
  return (
    <>
      <TermsAgreementAndAccounts appName={appName} />
      <TermsBillingAndGoogleData appName={appName} />
      <TermsContentAndUse appName={appName} />
      <TermsAvailabilityAndEnding appName={appName} />
    </>
  )
}

function TermsAgreementAndAccounts({ appName }: { appName: string }) {
  return (
    <>
      <LegalSection id="agreement" title="1. These terms">
        <p>
          These terms are the agreement between you and the operator of {appName} (“we”, “us”) for the use of the {appName} website and
          application (the “service”). By creating an account or using the service you accept them. If you use {appName} on behalf of a
          company or for clients, you confirm you may accept these terms for them, and “you” includes them.
        </p>
        <p>
          How we handle personal data is described in our{' '}
          <Link to="/privacy-policy" className={link}>
            privacy policy
          </Link>
          , which is part of these terms.
        </p>
      </LegalSection>

      <LegalSection id="service" title="2. What the service does">
        <p>
          {appName} analyses the websites you add, researches keywords your business can realistically rank for, groups them into topic
          clusters, plans and writes articles, and, if you connect a content management system, publishes them on the schedule you choose.
          If you connect Google Search Console, it shows how your pages perform and suggests what to improve.
        </p>
        <p>
          Search engines decide rankings on their own, and their algorithms change. We do not guarantee any particular position, traffic,
          leads or revenue.
        </p>
      </LegalSection>

      <LegalSection id="accounts" title="3. Accounts and sign-in">
        <LegalList>
          <li>
            You sign in with a social provider such as Google, or with an email address and password. You must be at least 18 and give
            accurate details.
          </li>
          <li>
            When you sign in with a social provider, that provider confirms your identity and shares your name, email address and profile
            picture with us. Your use of that provider is governed by its own terms.
          </li>
          <li>
            Keep your sign-in secure and tell us at{' '}
            <a href={`mailto:${CONTACT_EMAIL}`} className={link}>
              {CONTACT_EMAIL}
            </a>{' '}
            if you believe someone else has used your account. You are responsible for what happens in your account.
          </li>
          <li>
            One account belongs to one person. Agencies add their clients as businesses within their plan rather than sharing a login.
          </li>
        </LegalList>
      </LegalSection>
    </>
  )
}

function TermsBillingAndGoogleData({ appName }: { appName: string }) {
  return (
    <>
      <LegalSection id="plans-billing" title="4. Plans, billing and cancellation">
        <LegalList>
          <li>
            Paid plans are monthly subscriptions. Each plan includes a number of businesses and articles per month, as shown on the pricing
            page when you subscribe. Some plans allow extra articles beyond the monthly allowance at a per-article price shown with the
            plan; those are billed for the period in which they were generated.
          </li>
          <li>
            Payments are handled by <strong className="text-foreground">Polar</strong> (polar.sh), which acts as our merchant of record:
            Polar sells the subscription to you, charges your payment method, calculates and collects sales tax or VAT and issues your
            invoices. Polar's own terms apply to the payment. We never see or store your full card details.
          </li>
          <li>
            Subscriptions renew automatically each month until cancelled. Prices may change; we tell you at least 30 days before a change
            applies to you.
          </li>
          <li>
            You can cancel at any time from the billing section of your settings, which opens Polar's customer portal. Cancellation takes
            effect at the end of the current billing period, and you keep access until then. Fees already paid are not refunded for partial
            periods, except where the law requires it.
          </li>
          <li>
            An article that fails to generate is not billed. If you think you were charged in error, write to us and we will look into it.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="google-data" title="5. Google Search Console">
        <p>
          Connecting Search Console is optional. When you connect it, you grant {appName} the read-only Search Console permission (Google's{' '}
          <code className="rounded bg-muted px-1.5 py-0.5 text-sm">webmasters.readonly</code> scope). With it we can list your properties
          and read performance data (queries, pages, clicks, impressions, click-through rate and position) and sitemap status. We cannot
          change anything in your Search Console account.
        </p>
        <p>
          We use this data only to show you how your own content performs and to improve it: to find keywords close to the first page,
          articles losing traffic and topics you already rank for. We never sell it, use it for advertising or share it with anyone except
          as needed to provide this service. You can disconnect at any time in the app or from your Google account's permissions page.
          Details are in the{' '}
          <Link to="/privacy-policy" hash="google-data" className={link}>
            privacy policy
          </Link>
          .
        </p>
      </LegalSection>
    </>
  )
}

function TermsContentAndUse({ appName }: { appName: string }) {
  return (
    <>
      <LegalSection id="ai-content" title="6. AI-generated content">
        <LegalList>
          <li>
            Articles, outlines, keyword suggestions, business descriptions and images are generated by AI models run by third-party
            providers, from your business profile, the pages of your site, your competitors' public pages and public search results.
          </li>
          <li>
            AI output can be wrong, out of date or unsuitable for your audience, even with the checks we run. You are responsible for
            reviewing content before it is published under your name, and for what you publish. If you need every article approved first,
            switch the business to review mode so nothing is published without your approval.
          </li>
          <li>
            <strong className="text-foreground">You own the content generated for you.</strong> To the extent we have any rights in it, we
            assign them to you. We do not claim ownership of it or of anything you give us. Similar wording may be generated for other
            customers, since AI output is not guaranteed to be unique.
          </li>
          <li>
            You give us the permission we need to process your content and data to run the service for you: crawling your site, sending text
            to AI providers, storing drafts and publishing where you tell us to.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="your-sites" title="7. Your sites and connections">
        <LegalList>
          <li>
            Only add websites you own or are authorised to manage. Competitor sites are read like any visitor would read them, and our
            crawler respects their robots.txt.
          </li>
          <li>
            When you connect a content management system (such as WordPress, Ghost, Webflow, Shopify or Notion) or a webhook, you authorise
            us to create and update posts there on your behalf. Publishing credentials are stored encrypted and used only for that.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="acceptable-use" title="8. Acceptable use">
        <p>Do not use {appName} to:</p>
        <LegalList>
          <li>publish content that is illegal, deceptive, defamatory, hateful or infringes someone else's rights;</li>
          <li>produce spam, such as mass pages made to manipulate search rankings without value for readers;</li>
          <li>impersonate people or organisations, or publish to sites you are not authorised to manage;</li>
          <li>probe, overload or break the service, or get around its limits, plans or security;</li>
          <li>resell or give access to the service itself, rather than the results it produces for you.</li>
        </LegalList>
        <p>
          We may suspend an account that breaks these rules. Unless the matter is urgent or illegal, we will tell you first and give you a
          chance to fix it.
        </p>
      </LegalSection>

      <LegalSection id="third-parties" title="9. Third-party services">
        <p>
          The service relies on other providers: hosting, AI models, keyword and search-result data (DataForSEO), payments (Polar), email
          delivery, Google and the systems you publish to. We choose them with care, but we are not responsible for their outages or for
          changes they make to their services. The{' '}
          <Link to="/privacy-policy" hash="processors" className={link}>
            privacy policy
          </Link>{' '}
          lists what each of them receives.
        </p>
      </LegalSection>
    </>
  )
}

function TermsAvailabilityAndEnding({ appName }: { appName: string }) {
  return (
    <>
      <LegalSection id="availability" title="10. Availability and changes">
        <p>
          We work to keep {appName} available and your data safe, but the service is provided “as is” and may sometimes be interrupted for
          maintenance or by failures. We may improve, change or remove features; if a change substantially reduces what your paid plan
          includes, you may cancel and we will refund the unused part of the current period.
        </p>
      </LegalSection>

      <LegalSection id="liability" title="11. Liability">
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, such as lost profits, lost traffic or
          rankings, or the consequences of content you chose to publish. Our total liability for any claim relating to the service is
          limited to the fees you paid us in the 12 months before the claim. Nothing in these terms limits liability that cannot be limited
          by law, or your rights as a consumer where those apply.
        </p>
      </LegalSection>

      <LegalSection id="ending" title="12. Ending the agreement">
        <p>
          You can stop using {appName} and delete your account at any time from your account settings. Deleting your account cancels future
          renewals and deletes your businesses and their data, as described in the privacy policy; articles already published to your own
          site stay there. We may end the agreement if you seriously or repeatedly break these terms.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="13. Changes to these terms">
        <p>
          If we change these terms in a way that matters, we will tell you by email or in the app at least 14 days before the new terms
          apply. Continuing to use the service after that means you accept them; if you do not, you can cancel and delete your account.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="14. Contact">
        <p>
          Questions about these terms:{' '}
          <a href={`mailto:${CONTACT_EMAIL}`} className={link}>
            {CONTACT_EMAIL}
          </a>
          .
        </p>
      </LegalSection>
    </>
  )
}
