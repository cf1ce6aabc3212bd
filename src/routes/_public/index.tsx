import { createFileRoute } from '@tanstack/react-router'
import { ClosingCall } from '~/features/landing/closing-call'
import { Faq } from '~/features/landing/faq'
import { Features } from '~/features/landing/features'
import { Hero } from '~/features/landing/hero'
import { HowItWorks } from '~/features/landing/how-it-works'
import { landingHead } from '~/features/landing/landing-head'
import { Newsletter } from '~/features/landing/newsletter-form'
import { Pricing } from '~/features/landing/pricing'
import { ProductScreens } from '~/features/landing/product-screens'
import { landingPlansQueryOptions } from '~/features/landing/landing-queries'

export const Route = createFileRoute('/_public/')({
  // The pricing cards are server-rendered from plan.getAll. A failure here must not cost the
  // visitor the landing page: the pricing section then says the plans could not be loaded.
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(landingPlansQueryOptions()).catch(() => undefined)
  },
  head: ({ matches }) => landingHead(matches),
  component: LandingPage,
})

function LandingPage() {
  return (
    <>
      <Hero />
      <HowItWorks />
      <ProductScreens />
      <Features />
      <Pricing />
      <Faq />
      <Newsletter />
      <ClosingCall />
    </>
  )
}
