import { useBlockProps, RichText } from '@wordpress/block-editor';

export default function Edit({ attributes, setAttributes }) {
  return (
    <RichText { ...useBlockProps() } tagName="p" value={ attributes.content }
      onChange={ (content) => setAttributes({ content }) } placeholder="${title}…" />
  );
}
