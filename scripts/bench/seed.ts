import pg from "pg";

/** Bench data: 50 tour dates (shows), 20 merchandise items, 20 events, and two events to buy from. */
export async function seedBenchData(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tours = await client.query(`
      insert into tour_dates (artist_name, date, time, location)
      select 'Bench Artist ' || g, to_char(date '2027-01-01' + g, 'YYYY-MM-DD'), '20:00', 'Venue ' || g || ', Atlanta, GA'
      from generate_series(1, 50) g returning id`);
    await client.query(`
      insert into merchandise (name, description, price, category, image_url, stock_quantity, is_available)
      select 'Bench Item ' || g, 'A bench merchandise item with a short description.', 25.00 + g, 'Apparel', '/demo/merch/tour-tee.svg', 100, 1
      from generate_series(1, 20) g`);
    await client.query(`
      insert into events (name, artist, venue, date, time, description, total_tickets, available_tickets, ticket_price, status)
      select 'Bench Night ' || g, 'Bench Artist ' || g, 'Bench Hall', date '2027-02-01' + g, '19:30', 'An evening of bench music.', 500, 500, 45.00, 'on-sale'
      from generate_series(1, 20) g`);
    const open = await client.query(`
      insert into events (name, artist, venue, date, time, total_tickets, available_tickets, ticket_price, status)
      values ('Open Stock Night', 'Bench Artist', 'Bench Arena', '2027-06-01', '20:00', 1000000, 1000000, 30.00, 'on-sale') returning id`);
    const stock = 300;
    const limited = await client.query(
      `insert into events (name, artist, venue, date, time, total_tickets, available_tickets, ticket_price, status)
       values ('Limited Night', 'Bench Artist', 'Small Club', '2027-06-02', '21:00', $1, $1, 55.00, 'on-sale') returning id`,
      [stock],
    );
    return {
      showId: tours.rows[0].id as string,
      openEventId: open.rows[0].id as string,
      limitedEvent: { id: limited.rows[0].id as string, stock },
    };
  } finally {
    await client.end();
  }
}

/**
 * The shop's checkout: a zone shipping to the United States (no tax) and `items` items with a
 * rate to it, each with its one variant holding `stock` units (the item's trigger gives it its
 * default variant with the stock it was created with). Carts of one to three of them compete for
 * every variant at once.
 */
export async function seedCheckoutData(url: string, stock: number, items: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const zone = await client.query(
      `insert into shipping_zones (name, countries, tax_rate) values ('Bench Domestic', '{US}', 0) returning id`,
    );
    const variantIds: string[] = [];
    for (let n = 1; n <= items; n++) {
      const item = await client.query(
        `insert into merchandise (name, description, price, category, stock_quantity, is_available)
         values ($1, 'A hot item for the checkout bench.', 25.00, 'Apparel', $2, 1) returning id`,
        [`Bench Hot Tee ${n}`, stock],
      );
      await client.query(
        `insert into merchandise_shipping_rates (merchandise_id, zone_id, first, additional) values ($1, $2, 4.00, 1.00)`,
        [item.rows[0].id, zone.rows[0].id],
      );
      const variant = await client.query(`select id from merchandise_variants where merchandise_id = $1`, [
        item.rows[0].id,
      ]);
      variantIds.push(variant.rows[0].id as string);
    }
    return { variantIds, stock };
  } finally {
    await client.end();
  }
}
