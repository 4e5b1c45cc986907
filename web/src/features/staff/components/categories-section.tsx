import { NewBusinessCenterCategorySchema, type StaffBusinessCenterCategory } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { LazyConfirmDialog } from '../../../lib/ui/confirm-dialog-lazy';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useAddCategory, useStaffCategories, useUpdateCategory } from '../api/business-center-categories';
import '../../../styles/staff.css';

/**
 * Business center categories (SPEC §7): what business customers pick from when they file a request. Add, rename,
 * move up or down, retire (no longer offered; old requests keep the name) or bring back.
 */
export function CategoriesSection() {
  const categories = useStaffCategories();
  const add = useAddCategory();
  const form = useForm({ name: '' });
  const onAdd = form.submit(NewBusinessCenterCategorySchema, async (data) => {
    const added = await add.mutateAsync(data);
    popup.show(`“${added.name}” is now offered to business customers`);
    form.setValues({ name: '' });
  });
  const list = categories.data ?? [];
  const offered = list.filter((c) => !c.retired).length;

  return (
    <section className="stack" aria-labelledby="categories-heading">
      <h1 id="categories-heading">Business center categories</h1>
      <p className="muted">
        Business customers choose one of the offered categories when they send a business-center request. A retired
        category is no longer offered; requests already filed under it keep it.
      </p>
      {categories.isPending && <Skeleton label="Loading categories…" />}
      {categories.isError && <FormAlert message={errorMessage(categories.error)} />}
      {categories.data?.length === 0 && <EmptyState>No categories yet: add the first one.</EmptyState>}
      {list.length > 0 && (
        <ol className="category-list" aria-label="Business center categories">
          {list.map((c, i) => (
            <CategoryItem
              key={c.CategoryID}
              category={c}
              first={i === 0}
              last={i === list.length - 1}
              lastOffered={offered <= 1}
            />
          ))}
        </ol>
      )}
      <Form className="card form-card" onSubmit={onAdd} message={form.errors.message} aria-label="Add a category">
        <TextField label="New category" {...form.field('name')} />
        <Button type="submit" busy={add.isPending}>
          Add category
        </Button>
      </Form>
    </section>
  );
}

function CategoryItem({
  category: c,
  first,
  last,
  lastOffered,
}: {
  category: StaffBusinessCenterCategory;
  first: boolean;
  last: boolean;
  lastOffered: boolean;
}) {
  const update = useUpdateCategory();
  const [renaming, setRenaming] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ name: c.name });
  const change = async (body: Parameters<typeof update.mutateAsync>[0]['change'], done: string) => {
    setError(null);
    try {
      await update.mutateAsync({ id: c.CategoryID, change: body });
      popup.show(done);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const onRename = form.submit(NewBusinessCenterCategorySchema, async (data) => {
    await update.mutateAsync({ id: c.CategoryID, change: { name: data.name } });
    popup.show(`Renamed to “${data.name}”`);
    setRenaming(false);
  });

  return (
    <li className="category-item" aria-label={c.name}>
      {renaming ? (
        <Form className="inline-form" onSubmit={onRename} message={form.errors.message} aria-label={`Rename ${c.name}`}>
          <TextField label={`New name for ${c.name}`} {...form.field('name')} />
          <div className="actions">
            <Button type="submit" small busy={update.isPending}>
              Save name
            </Button>
            <Button type="button" variant="secondary" small onClick={() => setRenaming(false)}>
              Cancel
            </Button>
          </div>
        </Form>
      ) : (
        <>
          <div>
            <p className="category-item__name">
              {c.position}. {c.name}
            </p>
            <p className="muted">
              {c.retired ? 'Retired: not offered' : 'Offered'} · {c.requestCount} request
              {c.requestCount === 1 ? '' : 's'}
            </p>
          </div>
          <p className="actions">
            <Button
              type="button"
              variant="secondary"
              small
              disabled={first || update.isPending}
              onClick={() => change({ position: c.position - 1 }, `“${c.name}” moved up`)}
            >
              Up<span className="visually-hidden"> {c.name}</span>
            </Button>
            <Button
              type="button"
              variant="secondary"
              small
              disabled={last || update.isPending}
              onClick={() => change({ position: c.position + 1 }, `“${c.name}” moved down`)}
            >
              Down<span className="visually-hidden"> {c.name}</span>
            </Button>
            <Button type="button" variant="secondary" small onClick={() => setRenaming(true)}>
              Rename<span className="visually-hidden"> {c.name}</span>
            </Button>
            {c.retired ? (
              <Button
                type="button"
                variant="secondary"
                small
                disabled={update.isPending}
                onClick={() => change({ retired: false }, `“${c.name}” is offered again`)}
              >
                Offer again<span className="visually-hidden"> {c.name}</span>
              </Button>
            ) : (
              <Button
                type="button"
                variant="destructive"
                small
                disabled={update.isPending || lastOffered}
                title={lastOffered ? 'At least one category must stay offered.' : undefined}
                onClick={() => setAsking(true)}
              >
                Retire<span className="visually-hidden"> {c.name}</span>
              </Button>
            )}
          </p>
          {asking && (
            <LazyConfirmDialog
              message={`Retire “${c.name}”?`}
              yesLabel="Yes, retire it"
              noLabel="Keep offering it"
              danger
              onYes={() => {
                setAsking(false);
                change({ retired: true }, `“${c.name}” retired`);
              }}
              onNo={() => setAsking(false)}
            >
              <p>
                Business customers can no longer choose it for a new request; requests sent already keep it. You can
                offer it again.
              </p>
            </LazyConfirmDialog>
          )}
        </>
      )}
      <FormAlert message={error} />
    </li>
  );
}
