/** The demo account's business and its competitors: seeded by src/server/demo/demo-account.ts, their sites simulated by demo-sites.ts. */

/** A believable small company: a specialty coffee roaster selling online and to cafés. */
export const DEMO_BUSINESS = {
  name: 'Acme Roasters',
  url: 'https://acmeroasters.example',
  description:
    'Small-batch specialty coffee roaster in Portland, Oregon, roasting single-origin and seasonal blends twice a week and shipping them within 48 hours of roasting.',
  industry: 'Specialty coffee',
  services: ['Coffee subscriptions', 'Single-origin coffee beans', 'Wholesale for cafés and offices', 'Brewing workshops'],
  primaryServices: ['Coffee subscriptions', 'Single-origin coffee beans'],
  targetAudiences: ['Home baristas', 'Coffee-curious beginners', 'Independent cafés', 'Office managers'],
  businessModel: 'Direct-to-consumer e-commerce with a wholesale line',
  coreProducts: ['Ethiopia Yirgacheffe', 'Colombia Huila', 'House espresso blend', 'Decaf Sugarcane Colombia'],
  valueProposition: 'Coffee roasted to order and on your doorstep within two days, with brew guides written for each bean.',
  customerProblems: ['Stale supermarket coffee', 'Sour or bitter espresso at home', 'Not knowing which beans suit their brewer'],
  competitiveAdvantages: ['Roast date on every bag', 'Free brew-guide support by email', 'Direct trade with four farms'],
  targetOutcomes: ['Better coffee at home', 'A subscription that fits their brewing', 'Confidence dialling in espresso'],
  seeds: [
    'coffee beans',
    'coffee subscription',
    'espresso beans',
    'single origin coffee',
    'pour over coffee',
    'cold brew coffee',
    'how to dial in espresso',
  ],
  // The roaster's brand voice never says "cheap" (demo-voice.ts), so research plans no keyword with it.
  negativeKeywords: ['cheap'],
  keywordRegion: 'US',
  sitemapUrl: 'https://acmeroasters.example/sitemap.xml',
  blogUrl: 'https://acmeroasters.example/journal',
  bestArticles: [
    'https://acmeroasters.example/journal/how-to-dial-in-espresso',
    'https://acmeroasters.example/journal/light-vs-dark-roast',
    'https://acmeroasters.example/journal/cold-brew-ratio',
  ],
  language: 'English',
  tone: 'Friendly',
  internalLinks: 3,
  brandColor: '#8b5a2b',
  // Stricter than the default floor, as a careful owner sets it: an article that misses its exact
  // keyword in the title and meta (a "near me" search the writer phrased "near you") is held.
  seoScoreFloor: 80,
}

export const DEMO_COMPETITORS = [
  {
    url: 'https://northwindcoffee.example',
    name: 'Northwind Coffee Co.',
    description: 'National online roaster with a large subscription programme and a popular brewing blog.',
    industry: 'Specialty coffee',
    primaryServices: ['Coffee subscriptions', 'Brewing equipment'],
    targetAudience: 'Home brewers across the US',
    businessModel: 'Direct-to-consumer e-commerce',
    coreProducts: ['Monthly roaster’s choice', 'Espresso subscription'],
    valueProposition: 'A new coffee every month, chosen by their roasters.',
    relevanceToOurBusiness: 88,
    businessCategory: 'Direct competitor',
  },
  {
    url: 'https://bluebirdbeans.example',
    name: 'Bluebird Beans',
    description: 'Regional roaster and café chain in the Pacific Northwest with a wholesale arm.',
    industry: 'Specialty coffee',
    primaryServices: ['Wholesale coffee', 'Cafés', 'Coffee beans'],
    targetAudience: 'Cafés and coffee drinkers in Oregon and Washington',
    businessModel: 'Retail cafés with wholesale and online sales',
    coreProducts: ['Bluebird blend', 'Seasonal single origins'],
    valueProposition: 'Locally roasted coffee served in their own cafés.',
    relevanceToOurBusiness: 74,
    businessCategory: 'Local competitor',
  },
  {
    url: 'https://brewgeargeek.example',
    name: 'Brew Gear Geek',
    description: 'Review site for grinders, kettles and espresso machines, earning from affiliate links.',
    industry: 'Coffee media',
    primaryServices: ['Equipment reviews', 'Brewing guides'],
    targetAudience: 'People choosing coffee equipment',
    businessModel: 'Affiliate content site',
    coreProducts: ['Best grinder guides', 'Espresso machine reviews'],
    valueProposition: 'Independent, hands-on reviews of coffee gear.',
    relevanceToOurBusiness: 52,
    businessCategory: 'Content competitor',
  },
]
