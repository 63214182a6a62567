// Mantine's base styles, in the entry's style sheet that every page's first paint waits for: the
// reset and the theme's variables, which the pages drawn without Mantine use too. The components'
// sheets come with Mantine itself (app/layouts/mantine-component-styles.ts, loaded by
// MantineRoot.tsx), so the login page, a list's page and supermarket mode neither download nor
// match them (issue 25). Every Mantine sheet is the `.layer.css` one, in the `mantine` cascade
// layer: the app's own styles are outside any layer and win over Mantine's whatever order the
// sheets arrive in, as they did when Mantine's came first. mantine-styles.test.ts holds both files
// to the components the app uses (docs/decisions.md "Mantine's component styles come with
// Mantine").
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
// The theme's values for the pages drawn before MantineProvider: after Mantine's defaults.
import './theme/plain-variables.css';
