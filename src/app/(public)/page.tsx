import { cardClass, cardListClass } from "@/components/ui/card";
import { ButtonLink, buttonClass } from "@/components/ui/button";
import { textLinkClass } from "@/components/ui/link";
import { formatMoney } from "@/lib/money";
import { routes } from "@/lib/routes";
import { ServiceCard } from "@/modules/catalogue/components/service-card";
import { PostcodeChecker } from "@/modules/catalogue/components/postcode-checker";
import { getPostcodeCheck, getPublicCatalogue } from "@/modules/catalogue/server";
import { cancellationSentence, paymentSentence } from "@/modules/settings/domain/policy-facts";
import { getPublicSettings } from "@/modules/settings/server";
import { bundleOfferShort, bundleOfferText } from "@/modules/pricing/domain/visit-quote";
import { bundleRuleOf } from "@/modules/pricing/domain/visit-choices";

const HOW_IT_WORKS = [
  {
    title: "Choose your service",
    text: "Pick a package for your vehicle's size, and any extras. Prices and times are shown up front.",
  },
  {
    title: "Pick a time and place",
    text: "Choose a slot that suits you at home or at work. We bring our own water and power.",
  },
  {
    title: "We come to you",
    text: "You get a confirmation and a reminder the day before. Pay as our booking policies say.",
  },
];

export default async function HomePage({
  searchParams,
}: {
  searchParams: Promise<{ accountDeleted?: string; postcode?: string }>;
}) {
  const [s, catalogue, { accountDeleted, postcode }] = await Promise.all([
    getPublicSettings(),
    getPublicCatalogue(),
    searchParams,
  ]);
  const postcodeResult = postcode === undefined ? null : await getPostcodeCheck(postcode.slice(0, 20));
  // A postcode the visitor checked and we cover goes with them into the wizard (no need to type it again).
  const coveredPostcode = postcodeResult?.status === "covered" ? postcodeResult.postcode : null;
  const packages = catalogue
    .map((c) => ({ ...c, services: c.services.filter((x) => x.kind === "package") }))
    .filter((c) => c.services.length);
  const addons = catalogue.flatMap((c) => c.services.filter((x) => x.kind === "addon"));
  const offer = bundleOfferText(bundleRuleOf(s), s.maxVehiclesPerBooking);
  const offerShort = bundleOfferShort(bundleRuleOf(s), s.maxVehiclesPerBooking);
  return (
    <>
      {accountDeleted && (
        <p
          role="status"
          className="border-b border-success/30 bg-success-soft px-4 py-3 text-center text-sm text-success"
        >
          Your account has been deleted. We&apos;ve sent a confirmation to your email address.
        </p>
      )}
      <section className="border-b border-line bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand">
            Mobile valeting &amp; detailing
          </p>
          <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{s.businessName}</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-muted">
            We come to your home or workplace with our own water and power. Book online in two minutes, or
            call{" "}
            <a className={textLinkClass()} href={`tel:${s.contactPhone.replace(/\s+/g, "")}`}>
              {s.contactPhone}
            </a>{" "}
            or email{" "}
            <a className={textLinkClass()} href={`mailto:${s.contactEmail}`}>
              {s.contactEmail}
            </a>
            .
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink variant="primary" size="lg" href={routes.book}>
              Book now
            </ButtonLink>
            <a href="#postcode" className={buttonClass({ size: "lg", className: "font-semibold" })}>
              Check we cover your area
            </a>
          </div>
        </div>
      </section>

      <section aria-labelledby="services" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="services" className="text-2xl font-bold tracking-tight">
          Services and prices
        </h2>
        {packages.length === 0 ? (
          <p className="mt-4 text-ink-muted">Our services are being updated — please call us for a quote.</p>
        ) : (
          // On a wide screen the categories sit side by side, two cards each, so a small business's two or
          // three packages per category fill the row; a category with more spans the whole width.
          <div className="grid gap-x-6 lg:grid-cols-2">
            {packages.map((cat, c) => {
              const wide = cat.services.length > 2;
              return (
                <div key={cat.id} className={wide ? "mt-8 lg:col-span-2" : "mt-8"}>
                  <h3 className="text-lg font-semibold">{cat.name}</h3>
                  {cat.description && <p className="mt-1 text-ink-muted">{cat.description}</p>}
                  <ul className={`mt-4 grid gap-4 sm:grid-cols-2 ${wide ? "lg:grid-cols-4" : ""}`}>
                    {cat.services.map((svc, i) => (
                      <ServiceCard
                        key={svc.id}
                        service={svc}
                        currency={s.currency}
                        book={{ href: routes.bookService(svc.slug, coveredPostcode) }}
                        offer={offerShort}
                        // The first row's pictures show in the first screenful (a phone's: the top of the
                        // first, its largest paint), so they load with the page; the rest when scrolled to.
                        picture={c === 0 && i === 0 ? "first" : c === 0 && i < 2 ? "eager" : undefined}
                      />
                    ))}
                  </ul>
                </div>
              );
            })}
          </div>
        )}
        {addons.length > 0 && (
          <div className="mt-10">
            <h3 className="text-lg font-semibold">Add-ons</h3>
            <ul className={`mt-3 ${cardListClass}`}>
              {addons.map((a) => (
                <li
                  key={a.id}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-5 py-3"
                >
                  <span>
                    <span className="font-medium">{a.name}</span>
                    <span className="block text-sm text-ink-muted">{a.shortDescription}</span>
                  </span>
                  <span className="text-sm font-semibold tabular">
                    from {formatMoney(a.fromPriceMinor, s.currency)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="mt-4 text-sm text-ink-muted">
          Prices depend on your vehicle&apos;s size; a travel fee applies in some areas.
        </p>
        {offer && (
          <p className="mt-2 text-sm font-medium text-success" data-testid="bundle-offer">
            {offer}
          </p>
        )}
      </section>

      <section id="postcode" aria-labelledby="postcode-heading" className="border-t border-line bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <h2 id="postcode-heading" className="text-2xl font-bold tracking-tight">
            Do we come to you?
          </h2>
          <p className="mt-2 text-ink-muted">
            Check your postcode to see whether you are in our area, and whether a travel fee applies.
          </p>
          <div className="mt-4">
            <PostcodeChecker result={postcodeResult} currency={s.currency} phone={s.contactPhone} />
          </div>
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="border-t border-line bg-canvas">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <h2 id="how-it-works" className="text-2xl font-bold tracking-tight">
            How it works
          </h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-3">
            {HOW_IT_WORKS.map((step, i) => (
              <li key={step.title} className={cardClass}>
                <p
                  aria-hidden="true"
                  className="flex size-8 items-center justify-center rounded-full bg-brand-soft font-semibold text-brand-ink"
                >
                  {i + 1}
                </p>
                <p className="mt-3 font-semibold">{step.title}</p>
                <p className="mt-1 text-sm text-ink-muted">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="policies" className="border-t border-line bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <h2 id="policies" className="text-2xl font-bold tracking-tight">
            Good to know
          </h2>
          <ul className="mt-4 max-w-3xl list-disc space-y-2 pl-5 text-ink-muted">
            <li>{paymentSentence(s)}</li>
            <li>{cancellationSentence(s)}</li>
          </ul>
          <ButtonLink variant="link" href={routes.bookingPolicies} className="mt-4 font-semibold">
            Read our booking policies
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
