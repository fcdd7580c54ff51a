/**
 * Create table {{TABLE}}.
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable("{{TABLE}}", (t) => {
    t.increments("id").primary();
{{COLUMNS}}
    t.timestamps(true, true);
  });
};

/**
 * Reverse of up(): drop the table created above.
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTableIfExists("{{TABLE}}");
};
