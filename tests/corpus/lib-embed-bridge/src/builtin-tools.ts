import type { WidgetTool } from './child';

/** Tools every framewire widget offers about itself. */
export function builtinTools(widget: { name: string; version: string; element: HTMLElement }): WidgetTool[] {
  return [
    {
      name: 'get_widget_info',
      description: `Describes the ${widget.name} widget embedded in this page: what it does and its version.`,
      annotations: { readOnlyHint: true },
      execute: () => ({ name: widget.name, version: widget.version, url: location.href }),
    },
    {
      name: 'show_widget',
      description: 'Scrolls the widget into view and gives it keyboard focus.',
      annotations: { readOnlyHint: true },
      execute: () => {
        widget.element.scrollIntoView({ block: 'nearest' });
        widget.element.focus();
        return 'shown';
      },
    },
  ];
}
