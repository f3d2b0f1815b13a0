-- The demo orders stored before their buyers had email addresses get them (docs/commerce.md
-- "Customer emails"), so Compliance finds the demo customers by email (docs/governance.md
-- "Compliance"). Only orders the demo generators made, recognised by what only they write: the seed
-- and `npm run seed -- --orders N` record an order's arrival as actor 'system', and the sandbox
-- marketplaces' order numbers carry '-SBX-'. A store's own orders (imported, entered by hand, pulled
-- from a live marketplace) never get a made-up address; nor an erased customer's order.
--
-- The address is the one server/domain/demo-customers.ts derives from the name: accents dropped
-- (the letters the demo names use), apostrophes removed, every other run of non-letters a dot,
-- at the reserved example.com; tests/server/demo-emails-migration.test.ts checks the two agree on
-- every demo name.
-- One statement, once: ~1,800 demo orders in 0.6 s on PGlite and 0.2 s on PostgreSQL (the test's,
-- 2 shared cores), so a stored demo database (2,200 seeded orders plus the sandbox's) pays under a
-- second at its next start; one grown with `npm run seed -- --orders N` pays in proportion, once.
update orders o
   set customer_email = coalesce(
         nullif(btrim(regexp_replace(replace(replace(lower(translate(btrim(o.customer_name),
           'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿ',
           'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyy')), '''', ''), '’', ''), '[^a-z]+', '.', 'g'), '.'), ''),
         'customer') || '@example.com'
 where o.customer_email is null
   and o.customer_erased_at is null
   and o.customer_name is not null and btrim(o.customer_name) <> ''
   and (o.external_order_id like '%-SBX-%'
        or exists (select 1 from order_status_history h
                    where h.tenant_id = o.tenant_id and h.order_id = o.id and h.from_status is null and h.actor = 'system'));
