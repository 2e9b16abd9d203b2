// Every Mantine stylesheet the console uses, in one place and in Mantine's documented order
// (mantine.dev/styles/css-files-list): the global styles, then the components other components are
// built on, then the rest. Imported once by the entry, so the whole cascade lands in the entry
// stylesheet: a stylesheet arriving later from a lazy chunk would override the ones it depends on
// (an UnstyledButton reset after Button's styles left every button unstyled). Lint refuses a Mantine
// stylesheet imported anywhere else (tools/lint/boundaries.ts). A component added to a screen adds
// its stylesheet here.

// Global styles first. The theme's CSS variables are not here: MantineProvider writes all of them
// at start (`deduplicateCssVariables={false}`, app.tsx) from the theme the entry already holds,
// which spares the entry stylesheet the 3.9 kB gzip of default-css-variables.css.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';

// Components that other components are built on, in the documented order.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/FloatingIndicator.css';

// The components the screens use (each after everything it is built on).
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';

// Other Mantine packages always after @mantine/core (mantine.dev/styles/mantine-styles).
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';

// The console's own global rules, last so that they may refine Mantine's.
import './global.css';
