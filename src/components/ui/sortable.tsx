import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { restrictToParentElement, restrictToVerticalAxis } from '@dnd-kit/modifiers'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Slot } from 'radix-ui'
import { createContext, useContext, useId, type ComponentProps, type ReactNode } from 'react'
import { cn } from '~/lib/utils'

/**
 * A vertical sortable list on dnd-kit: mouse, touch and keyboard (focus the handle, Space or
 * Enter to lift, arrow keys to move, Space or Enter to drop, Escape to cancel).
 *
 *   <Sortable items={ids} onMove={(activeId, overId) => ...} getItemLabel={(id) => ...}>
 *     {rows.map((row) => <SortableItem key={row.id} value={row.id}> ... <SortableItemHandle /> </SortableItem>)}
 *   </Sortable>
 */
export interface SortableProps {
  items: UniqueIdentifier[]
  onMove: (activeId: UniqueIdentifier, overId: UniqueIdentifier) => void
  /** How screen readers name an item in the drag announcements. */
  getItemLabel?: (id: UniqueIdentifier) => string
  children: ReactNode
}

export function Sortable({ items, onMove, getItemLabel = String, children }: SortableProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const id = useId()
  const position = (itemId: UniqueIdentifier) => items.indexOf(itemId) + 1
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${getItemLabel(active.id)}, position ${position(active.id)} of ${items.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${getItemLabel(active.id)} moved to position ${position(over.id)} of ${items.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${getItemLabel(active.id)} dropped at position ${position(over.id)} of ${items.length}.`
        : `${getItemLabel(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${getItemLabel(active.id)} returned to its place.`,
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(active.id, over.id)
  }
  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis, restrictToParentElement]}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'To reorder, press Space or Enter to lift, use the arrow keys to move, Space or Enter to drop, Escape to cancel.',
        },
      }}
    >
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  )
}

interface ItemContextValue {
  attributes: DraggableAttributes
  listeners: DraggableSyntheticListeners
  setActivatorNodeRef: (element: HTMLElement | null) => void
  isDragging: boolean
}

const ItemContext = createContext<ItemContextValue | null>(null)

export function SortableItem({
  value,
  asChild,
  className,
  style,
  ...props
}: ComponentProps<'div'> & { value: UniqueIdentifier; asChild?: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: value })
  const Component = asChild ? Slot.Root : 'div'
  return (
    <ItemContext.Provider value={{ attributes, listeners, setActivatorNodeRef, isDragging }}>
      <Component
        ref={setNodeRef}
        data-dragging={isDragging || undefined}
        className={cn('relative', isDragging && 'z-10 opacity-80', className)}
        style={{ transform: CSS.Translate.toString(transform), transition, ...style }}
        {...props}
      />
    </ItemContext.Provider>
  )
}

/** The drag handle of the enclosing SortableItem: a focusable button the keyboard sensor listens on. */
export function SortableItemHandle({ className, asChild, ...props }: ComponentProps<'button'> & { asChild?: boolean }) {
  const context = useContext(ItemContext)
  if (!context) throw new Error('SortableItemHandle must be used inside SortableItem')
  const { setActivatorNodeRef, isDragging, attributes, listeners } = context
  const Component = asChild ? Slot.Root : 'button'
  return (
    <Component
      ref={setActivatorNodeRef}
      type="button"
      data-dragging={isDragging || undefined}
      className={cn(
        'cursor-grab touch-none select-none data-[dragging]:cursor-grabbing focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      {...attributes}
      {...listeners}
      {...props}
    />
  )
}
