"""``plywright serve``: the variant designer in the browser (Starlette app, plain JavaScript)."""
