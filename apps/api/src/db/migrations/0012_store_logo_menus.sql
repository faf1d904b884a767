ALTER TABLE "store_settings" ADD COLUMN "logo" uuid;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "header_menu" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "footer_menu" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- A shop that existed before menus were data keeps the footer it showed (the demo's columns); a new
-- shop's seed writes its own.
UPDATE "store_settings" SET "footer_menu" = '[
  {"title":"Company","links":[{"label":"About Us","href":"/about"},{"label":"Careers","href":"/careers"},{"label":"Press","href":"/press"},{"label":"Blog","href":"/blog"},{"label":"Investors","href":"/investors"}]},
  {"title":"Customer Service","links":[{"label":"Contact Us","href":"/contact"},{"label":"FAQ","href":"/faq"},{"label":"Shipping Info","href":"/shipping"},{"label":"Returns","href":"/returns"},{"label":"Size Guide","href":"/size-guide"}]},
  {"title":"Legal","links":[{"label":"Terms of Service","href":"/terms"},{"label":"Privacy Policy","href":"/privacy"},{"label":"Cookie Policy","href":"/cookies"},{"label":"Accessibility","href":"/accessibility"}]}
]'::jsonb;
