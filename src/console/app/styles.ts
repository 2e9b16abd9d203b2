// Mantine CSS per component, not the whole sheet (entry CSS budget: 10 kB gzip). The global layer
// goes here; a component's own sheet is imported by the module that uses the component.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
