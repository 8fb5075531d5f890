-- Both files of an NF-e: a pickup may keep its XML beside its PDF (invoice_file_name stays the file the
-- counter prints: the PDF, or the XML when only the XML was given).
ALTER TABLE "pickups" ADD COLUMN "invoice_xml_file_name" text;
