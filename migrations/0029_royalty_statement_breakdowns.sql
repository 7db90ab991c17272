CREATE TABLE "royalty_statement_breakdowns" (
	"statement_id" varchar NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"detail" text,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "royalty_statement_breakdowns_statement_id_kind_position_pk" PRIMARY KEY("statement_id","kind","position")
);
--> statement-breakpoint
ALTER TABLE "royalty_statement_breakdowns" ADD CONSTRAINT "royalty_statement_breakdowns_statement_id_royalty_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."royalty_statements"("id") ON DELETE restrict ON UPDATE no action;
