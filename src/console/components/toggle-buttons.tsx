import { Button, type MantineSize } from '@mantine/core';
import classes from './toggle-buttons.module.css';

/**
 * A named group of buttons of which one is pressed (`aria-pressed`): a filter or a view, chosen
 * in one press and said in the URL by the screen. A fieldset, so that its name is read with it.
 */
export function ToggleButtons<Value extends string>({
  legend,
  hideLegend = false,
  options,
  value,
  onChange,
  size = 'xs',
  scrollOnPhone = false,
}: {
  legend: string;
  /** The buttons say enough on screen: the name is for screen readers only. */
  hideLegend?: boolean;
  /**
   * `name`: what a screen reader says, where the label is shorter than its meaning. `pending`: the
   * label is not final yet (a count still loading): marked busy, with a moving line along the
   * button's foot that takes no room, so nothing moves when it becomes final.
   */
  options: readonly {
    value: Value;
    label: string;
    name?: string | undefined;
    pending?: boolean | undefined;
  }[];
  value: Value;
  onChange: (value: Value) => void;
  size?: MantineSize;
  /** Many options: on a phone, one row that scrolls sideways instead of several rows. */
  scrollOnPhone?: boolean;
}) {
  return (
    <fieldset className={scrollOnPhone ? `${classes.group} ${classes.scrollOnPhone}` : classes.group}>
      <legend className={hideLegend ? classes.hidden : classes.legend}>{legend}</legend>
      <div className={classes.buttons}>
        {options.map((option) => (
          <Button
            key={option.value}
            size={size}
            variant={option.value === value ? 'filled' : 'default'}
            aria-pressed={option.value === value}
            aria-label={option.name}
            aria-busy={option.pending === true ? true : undefined}
            title={option.pending === true ? option.name : undefined}
            className={option.pending === true ? classes.pending : undefined}
            onClick={() => {
              if (option.value !== value) onChange(option.value);
            }}
          >
            {option.label}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
