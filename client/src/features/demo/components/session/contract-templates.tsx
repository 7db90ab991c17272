import { useState } from "react";
import { createPortal, flushSync } from "react-dom";
import { Download, FileText, Printer } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CONTRACT_TEMPLATES, type ContractTemplate } from "../../data/session";
import { previewToast } from "../../preview";

// While printing, only the chosen template is visible; on screen the print copy is hidden.
const PRINT_STYLES = `
.contract-print { display: none; }
@media print {
  body * { visibility: hidden; }
  .contract-print, .contract-print * { visibility: visible; }
  .contract-print { display: block; position: absolute; top: 0; left: 0; right: 0; padding: 2rem; color: #000; background: #fff; }
}`;

function PrintableContract({ template }: { template: ContractTemplate }) {
  return (
    <div className="contract-print" aria-hidden="true">
      <h2 style={{ fontSize: "1.5rem", fontWeight: 700 }}>{template.title}</h2>
      <p style={{ margin: "0.75rem 0 1.25rem" }}>{template.summary}</p>
      <p>This agreement is made on ____________ between the Label and ____________.</p>
      <ol style={{ margin: "1rem 0", paddingLeft: "1.25rem", listStyle: "decimal" }}>
        {template.clauses.map((clause) => (
          <li key={clause} style={{ marginBottom: "0.5rem" }}>
            {clause}
          </li>
        ))}
      </ol>
      <p style={{ marginTop: "3rem" }}>Signed for the Label: ____________________ Date: __________</p>
      <p style={{ marginTop: "1.5rem" }}>Signed by: ____________________ Date: __________</p>
    </div>
  );
}

/** The contracts tab: Download only logs; Print opens the browser's print of that template. */
export function ContractTemplates() {
  const [printing, setPrinting] = useState<ContractTemplate | null>(null);

  function print(template: ContractTemplate) {
    // Render the print copy before the (blocking) print dialog reads the page.
    flushSync(() => setPrinting(template));
    window.print();
  }

  return (
    <>
      <style>{PRINT_STYLES}</style>
      <ul className="grid gap-4 md:grid-cols-3">
        {CONTRACT_TEMPLATES.map((template) => (
          <li key={template.id} className="flex flex-col gap-4 rounded-lg border bg-card p-5 shadow-sm">
            <FileText aria-hidden="true" className="size-8 text-primary" />
            <div>
              <h2 className="text-lg font-semibold">{template.title}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{template.summary}</p>
            </div>
            <div className="mt-auto flex gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="flex-1"
                aria-label={`Download ${template.title}`}
                onClick={() => {
                  console.log("download contract template", template.id);
                  previewToast("Downloading a contract");
                }}
              >
                <Download aria-hidden="true" />
                Download
              </Button>
              <Button
                type="button"
                size="sm"
                className="flex-1"
                aria-label={`Print ${template.title}`}
                onClick={() => print(template)}
              >
                <Printer aria-hidden="true" />
                Print
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {/* At the top of <body>, so the printed page starts at the template whatever the layout. */}
      {printing && createPortal(<PrintableContract template={printing} />, document.body)}
    </>
  );
}
