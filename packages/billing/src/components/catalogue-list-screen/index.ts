export { CatalogueListScreen, CatalogueName, type CatalogueItem, type CatalogueListScreenProps, type CatalogueListTexts } from './catalogue-list-screen';
