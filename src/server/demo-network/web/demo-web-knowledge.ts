/**
 * What the demo web's simulated pages know about coffee beyond the keyword data: plain, general
 * statements a roaster's or a coffee magazine's page would make, grouped by subject. A page
 * carries the subjects its search touches (demo-web.ts), each site a different selection, so
 * demo articles have varied material to write from and cite, as real search results would give.
 */
export interface KnowledgeTheme {
  heading: string
  /** Words of a search that make the subject relevant to it (any one). */
  about: string[]
  sentences: string[]
}

export const COFFEE_KNOWLEDGE: KnowledgeTheme[] = [
  {
    heading: 'Why freshness matters',
    about: ['coffee', 'beans', 'fresh', 'roasted', 'store', 'last'],
    sentences: [
      'Roasted coffee slowly loses the aromatic compounds that give it its flavour, and oxygen is the main cause.',
      'Freshly roasted beans release carbon dioxide for several days, which is why bags often carry a one-way valve.',
      'A roast date on the bag tells you far more about freshness than a best-before date does.',
      'Ground coffee goes stale much faster than whole beans because far more of its surface meets the air.',
      'Stale coffee tastes flat and papery, and no brewing method can bring the lost aromas back.',
      'Most roasters suggest brewing filter coffee between a few days and a few weeks after its roast date.',
      'Espresso often tastes better after the beans have rested a little, once the gas that disturbs extraction has escaped.',
      'A bag that has been opened should be finished within a couple of weeks for the best flavour.',
    ],
  },
  {
    heading: 'Storing beans at home',
    about: ['store', 'storing', 'beans', 'fresh', 'last', 'coffee'],
    sentences: [
      'An airtight, opaque container kept in a cool cupboard protects beans from air, light, heat and moisture.',
      'The fridge is a poor home for coffee, since beans absorb smells and pick up condensation each time the door opens.',
      'Freezing can work for a large batch if it is split into small sealed portions that are thawed only once.',
      'Buying smaller bags more often keeps every cup closer to its peak than buying in bulk.',
      'Grinding just before brewing keeps more of the aroma in the cup than buying ground coffee.',
      'Clear glass jars on a sunny counter look attractive but let light and warmth degrade the beans.',
      'Keeping the original bag inside a sealed tin adds a second barrier against air.',
      'Beans stored near the oven or the kettle age faster because of the repeated warmth.',
    ],
  },
  {
    heading: 'How roast level changes the cup',
    about: ['roast', 'light', 'dark', 'medium', 'espresso', 'coffee', 'beans'],
    sentences: [
      'Light roasts keep more of the bean’s origin character, with brighter acidity and floral or fruity notes.',
      'Medium roasts balance sweetness and acidity, which makes them an easy choice for most brewing methods.',
      'Dark roasts bring out bitter-sweet, chocolate and smoky flavours, while the origin character fades.',
      'A darker roast is not stronger in caffeine, despite its bolder taste.',
      'Lighter roasts are denser and usually need a finer grind or a longer brew to extract well.',
      'Roasters judge the level by colour, by the time after first crack and by the weight the beans lose.',
      'Very dark beans often look oily on the surface because the roast pushes oils outward.',
      'If a light roast tastes sour, grinding finer or using hotter water often brings out its sweetness.',
    ],
  },
  {
    heading: 'Single origins and blends',
    about: ['single', 'origin', 'blend', 'blends', 'specialty', 'beans', 'coffee'],
    sentences: [
      'A single origin coffee comes from one country, region or farm, so it shows the flavour of that place.',
      'Blends combine beans from several origins to reach a balanced taste that stays consistent all year.',
      'Roasters often build espresso blends for body and sweetness, and choose single origins for filter brewing.',
      'Altitude, soil, variety and processing all shape how a single origin tastes.',
      'Washed coffees tend to taste clean and bright, while natural-processed coffees are fruitier and heavier.',
      'Seasonal single origins change through the year as harvests from different countries arrive.',
      'A blend can smooth out the sharp edges of a bright origin, which many milk drinkers appreciate.',
      'Buying a single origin and a blend side by side is a simple way to learn what you prefer.',
    ],
  },
  {
    heading: 'Matching beans to the brewing method',
    about: ['brew', 'brewing', 'espresso', 'cold', 'french', 'press', 'make', 'beginners', 'beans', 'coffee'],
    sentences: [
      'Espresso needs a fine, even grind and rewards beans roasted with pressure brewing in mind.',
      'A french press suits a coarse grind and brings out body, so medium and darker roasts shine in it.',
      'Cold brew steeps coarse grounds in cold water for many hours, producing a smooth and low-acid drink.',
      'Pour-over brewing highlights clarity and acidity, which is where light single origins show best.',
      'Whatever the method, a burr grinder gives a more even grind than a blade grinder.',
      'An AeroPress is forgiving and works with almost any roast, which makes it a good first brewer.',
      'Moka pots like medium to dark roasts ground a little coarser than espresso.',
      'Drip machines do well with medium roasts ground to the texture of coarse sand.',
    ],
  },
  {
    heading: 'Choosing a roaster',
    about: ['roaster', 'roasters', 'specialty', 'subscription', 'near', 'buy', 'best', 'choose'],
    sentences: [
      'A good roaster prints the roast date, the origin and the processing method on every bag.',
      'Small-batch roasters can roast to order, so the beans reach you within days rather than months.',
      'Tasting notes on the label help you compare coffees, even if you do not taste every note they name.',
      'Many roasters offer sample packs, an easy way to find the roast level and origin you prefer.',
      'A subscription delivers fresh beans on a schedule, which suits anyone who runs out often.',
      'Local roasters usually let you taste before you buy, either in a café or at a market stall.',
      'Roasters that trade directly with farms can tell you who grew the coffee and how it was processed.',
      'Clear brewing advice on the roaster’s site is a sign that they care how the coffee ends up in your cup.',
    ],
  },
  {
    heading: 'Caffeine and strength',
    about: ['caffeine', 'strength', 'strong', 'robusta', 'arabica', 'instant', 'espresso'],
    sentences: [
      'Arabica beans contain noticeably less caffeine than robusta beans and taste sweeter and more complex.',
      'Robusta adds body, bitterness and crema, which is why some espresso blends include a little of it.',
      'How strong a cup tastes depends mostly on the ratio of coffee to water, not on the roast.',
      'Instant coffee is brewed coffee that has been dried, so it trades flavour for convenience.',
      'Decaffeinated coffee keeps most of its flavour when it is processed with water or sugarcane methods.',
      'A longer brew time extracts more caffeine, which is one reason cold brew concentrate feels strong.',
      'Serving size matters as much as the bean, since a large mug of filter coffee can hold more caffeine than a single espresso.',
    ],
  },
  {
    heading: 'Tasting and learning what you like',
    about: ['beginners', 'taste', 'tasting', 'notes', 'guide', 'worth', 'types', 'best'],
    sentences: [
      'Tasting two coffees side by side makes their differences much easier to notice than tasting them days apart.',
      'Sourness usually points to under-extraction, while harsh bitterness points to over-extraction.',
      'Keeping brief notes on each bag helps you learn which origins and roasts you return to.',
      'Changing one variable at a time, such as the grind, shows what each change does to the cup.',
      'Letting a cup cool a little reveals sweetness and acidity that very hot coffee hides.',
      'Flavour wheels give names to what you taste, from citrus and berries to nuts and caramel.',
      'Cupping, the way professionals taste coffee, uses coarse grounds steeped in a bowl and slurped from a spoon.',
    ],
  },
  {
    heading: 'Reading the bag before you buy',
    about: ['buy', 'best', 'check', 'choose', 'blends', 'beginners', 'cold', 'subscription', 'worth'],
    sentences: [
      'Check the roast date before anything else, since a bag roasted months ago has already lost much of its aroma.',
      'Check whether the bag names the country, the region or the farm, because vague origins often hide old stock.',
      'Before you buy a blend, look for the components it lists, as a good roaster is happy to say what went into it.',
      'Check the grind as well: whole beans keep longer, and ground coffee only suits you if it matches your brewer.',
      'Price per cup is a fairer comparison than price per bag, because bag sizes vary from one shop to the next.',
      'Certifications such as organic or fair trade tell you about farming and pay, not about how the coffee tastes.',
    ],
  },
  {
    heading: 'What good coffee costs',
    about: ['worth', 'cost', 'price', 'expensive', 'subscription', 'specialty', 'single', 'beans', 'roasters'],
    sentences: [
      'Specialty beans cost more per bag than supermarket coffee, yet a cup brewed at home still costs far less than one bought at a café.',
      'Much of the higher price of specialty coffee pays for careful picking, sorting and processing at the farm.',
      'Whether expensive beans are worth it depends on how you brew: milky drinks hide subtle flavours that black coffee shows.',
      'A subscription usually costs a little less per bag than buying one bag at a time and saves remembering to reorder.',
      'Paying more buys freshness and traceability rather than strength, since caffeine varies little with price.',
      'Trying a small bag before committing to a large one is the cheapest way to find out whether a pricier coffee suits you.',
    ],
  },
  {
    heading: 'Common mistakes at home',
    about: ['how', 'brew', 'make', 'store', 'roast', 'choose', 'mistakes', 'easiest', 'beginners'],
    sentences: [
      'The most common mistake is using too little coffee for the amount of water, which gives a thin and sour cup.',
      'Water straight off the boil can scorch light roasts, so letting the kettle rest briefly helps.',
      'Pre-ground coffee bought in bulk goes stale long before the bag is finished.',
      'Changing the grind, the dose and the water all at once makes it impossible to tell which change helped.',
      'The easiest way to improve a home brew is to weigh the coffee and the water instead of measuring by scoop.',
      'A dirty grinder or brewer leaves old oils behind that make every new cup taste bitter.',
    ],
  },
]
