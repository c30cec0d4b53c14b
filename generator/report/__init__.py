"""Reports a person reads: the check report and the sweep report (PDF or HTML, with plots)."""
